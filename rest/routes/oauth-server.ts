import { oauthMetadata } from "../../server/identity";
import { json } from "../responses";

/** The authorization server's metadata (RFC 8414 and OpenID Connect discovery): one document, three addresses. */
export function metadata(): Response {
  return json(oauthMetadata(), 200, { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" });
}
