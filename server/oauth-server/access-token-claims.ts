import type { EntityManager } from "@mikro-orm/postgresql";
import { jwtVerify } from "jose";
import { isSessionLiveRecently, issuer, looksLikeJwt, MAX_IDENTITY_TOKEN_BYTES } from "../identity";
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
export async function liveAccessToken(em: EntityManager, token: string): Promise<OAuthAccessClaims | null> {
  if (token.length > MAX_IDENTITY_TOKEN_BYTES || !looksLikeJwt(token)) return null;
  try {
    const { payload } = await jwtVerify(token, await verifyingKeySet(), {
      issuer: issuer(),
      algorithms: ["ES256"],
      requiredClaims: ["exp", "iat", "sub", "aud"],
    });
    if (typeof payload.aud !== "string" || typeof payload.sub !== "string") return null;
    const claims = payload as unknown as OAuthAccessClaims;
    if (typeof claims.session_id !== "string" || !(await isSessionLiveRecently(em, claims.session_id))) return null;
    return claims;
  } catch {
    return null;
  }
}
