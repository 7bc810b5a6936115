import type { SqlConnection } from "../platform/db/sql-connection";
import { looksLikeJwt } from "../identity";
import { liveAccessToken, type OAuthAccessClaims } from "./access-token-claims";
import { certainlyAuthenticatedClient } from "./client-authentication";
import { mayIntrospect } from "./introspection-policy";

/**
 * RFC 7662's answer about one of our JWT access tokens, for the client asking: what it is when
 * it was issued to that client and is live, otherwise only that it is not active. Every client,
 * public or confidential, learns only of tokens issued to it (issue 27, introspection-policy.ts).
 */
export function introspectionAnswer(claims: OAuthAccessClaims | null, callerClientId: string): Record<string, unknown> {
  if (claims === null || !mayIntrospect(callerClientId, claims.client_id)) return { active: false };
  return { active: true, iss: claims.iss, sub: claims.sub, aud: claims.aud, client_id: claims.client_id, scope: claims.scope, exp: claims.exp, iat: claims.iat, jti: claims.jti, token_type: "Bearer" };
}

/**
 * Introspection of a JWT access token, answered before the library (issue 30, ADR 077) when the
 * library would only have authenticated the client and then handed the token to
 * jwt-token-endpoints.ts for this same answer: one request with one `token` that looks like a
 * JWT, and a client authentication it would certainly accept (client-authentication.ts). The
 * library's Koa stack, its lookups of the JWT as each of its opaque token kinds and its error
 * round trip cost about three quarters of each introspection. Anything else (an opaque refresh
 * token, a repeated parameter, any doubt about the client): null, and the library answers.
 */
export async function introspectJwtBeforeLibrary(em: () => SqlConnection, headers: { authorization?: string; attested: boolean }, body: string): Promise<Record<string, unknown> | null> {
  const params = new URLSearchParams(body);
  const names = [...params.keys()];
  if (new Set(names).size !== names.length) return null;
  const token = params.get("token");
  if (!token || !looksLikeJwt(token)) return null;
  const authenticated = await certainlyAuthenticatedClient(em, headers, params);
  if (!authenticated) return null;
  return introspectionAnswer(await liveAccessToken(em(), token), authenticated.clientId);
}
