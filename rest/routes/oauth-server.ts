import { hostedAuthorizationServerNotice, oauthMetadata } from "../../server/oauth-server";
import { json } from "../responses";

/** The authorization server's metadata (RFC 8414 and OpenID Connect discovery): one document, three addresses. */
export function metadata(): Response {
  const hosted = hostedAuthorizationServerNotice();
  if (hosted) return json({ error: "not_found", error_description: hosted }, 404, { "cache-control": "no-store" });
  return json(oauthMetadata(), 200, { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" });
}

/**
 * The authorization server is a Koa application on Node's request and response, mounted by
 * the Node entry (`npm start`, rest/oauth-server.ts) before the route table. A host that hands
 * the edge a fetch Request (remix-serve) reaches this instead: a clear refusal, not half a flow.
 */
export function servedByNodeEntry(): Response {
  return json({ error: "temporarily_unavailable", error_description: "The authorization server is served by `npm start` only" }, 503, { "cache-control": "no-store" });
}
