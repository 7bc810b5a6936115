/**
 * Whether a client may learn what a token is (RFC 7662 leaves it to the server): only a token
 * issued to it, public or confidential alike (issue 27). A dashboard session token has no
 * client_id and is no client's. A client is linked to a deployed tool (a resource) only through
 * an app, and nothing says that client is the tool's resource server; a tool checks the JWTs it
 * receives against the JWKS itself. Used for our JWT access tokens (jwt-token-endpoints.ts) and,
 * as the library's `allowedPolicy`, for its refresh tokens (oauth-provider.ts).
 */
export function mayIntrospect(callerClientId: string, tokenClientId: unknown): boolean {
  return typeof tokenClientId === "string" && tokenClientId === callerClientId;
}
