import type { SqlConnection } from "../platform/db/sql-connection";
import { jwtVerify } from "jose";
import { isSessionLiveRecently, issuer, looksLikeJwt, MAX_IDENTITY_TOKEN_BYTES } from "../identity";
import { ExpiringCache } from "../platform/cache/expiring-cache";
import { verifyingKeySet } from "./verifying-key-set";

/** The claims of an access token this server issued (issue 15 contract). */
export interface OAuthAccessClaims {
  iss: string;
  sub: string;
  aud: string;
  client_id?: string;
  scope?: string;
  iat: number;
  exp: number;
  jti?: string;
  email?: string;
  session_id?: string;
}

/**
 * A JWT signed with the identity key, from this issuer, unexpired, whatever its audience
 * (userinfo, introspection and revocation take tokens for any resource), and whose session
 * (its grant, or the dashboard sign-in) is still live (read within the second, or revoked since:
 * live-sessions.ts). Anything else: null.
 */
export async function liveAccessToken(em: SqlConnection, token: string): Promise<OAuthAccessClaims | null> {
  if (token.length > MAX_IDENTITY_TOKEN_BYTES || !looksLikeJwt(token)) return null;
  const claims = await verifiedClaims(token);
  if (!claims || typeof claims.session_id !== "string" || !(await isSessionLiveRecently(em, claims.session_id))) return null;
  return claims;
}

/**
 * Tokens whose signature was checked, by the exact token, until they expire: a resource server
 * introspects the same token on each request it serves, and the ES256 check was half of what an
 * introspection cost (issue 30, ADR 077). What a check says of a token holds until its `exp` while
 * the keys stay the same; a change of keys (a retired key's overlap ending) starts afresh. Only
 * the signature is remembered: the session's liveness is asked every time.
 */
const verified = new ExpiringCache<OAuthAccessClaims>(2_000);
let verifiedWith: unknown;

async function verifiedClaims(token: string): Promise<OAuthAccessClaims | null> {
  const keys = await verifyingKeySet();
  if (keys !== verifiedWith) {
    verified.clear();
    verifiedWith = keys;
  }
  const known = verified.get(token);
  if (known) return known;
  try {
    const { payload } = await jwtVerify(token, keys, { issuer: issuer(), algorithms: ["ES256"], requiredClaims: ["exp", "iat", "sub", "aud"] });
    if (typeof payload.aud !== "string" || typeof payload.sub !== "string") return null;
    const claims = payload as unknown as OAuthAccessClaims;
    verified.put(token, Object.freeze(claims), claims.exp * 1000);
    return claims;
  } catch {
    return null;
  }
}
