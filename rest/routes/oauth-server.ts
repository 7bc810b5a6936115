import { hostedAuthorizationServerNotice, oauthMetadata, OAUTH_SERVER_CODES } from "../../server/oauth-server";
import { json } from "../responses";

/** The authorization server's metadata (RFC 8414 and OpenID Connect discovery): one document, three addresses. */
export function metadata(): Response {
  const hosted = hostedAuthorizationServerNotice();
  const { status, code } = OAUTH_SERVER_CODES.NOT_FOUND;
  if (hosted) return json({ error: code, error_description: hosted }, status, { "cache-control": "no-store" });
  return json(oauthMetadata(), 200, { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" });
}

/**
 * The authorization server is a Koa application on Node's request and response, mounted by
 * the Node entry (`npm start`, rest/oauth-server.ts) as a raw declaration of the route table. A host that hands
 * the edge a fetch Request (remix-serve) reaches this instead: a clear refusal, not half a flow.
 */
export function servedByNodeEntry(): Response {
  const { status, code } = OAUTH_SERVER_CODES.SERVED_BY_NODE_ENTRY;
  return json({ error: code, error_description: "The authorization server is served by `npm start` only" }, status, { "cache-control": "no-store" });
}
