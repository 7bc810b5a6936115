import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { getConfig } from "../config";
import { getSigningKey } from "./signing-keys";

export const ACCESS_TOKEN_SECONDS = 3600;
const MAX_TOKEN_BYTES = 8 * 1024;

export interface AccessClaims extends JWTPayload {
  sub: string;
  email: string;
  session_id?: string;
  exp: number;
}

export function issuer(): string {
  return `${getConfig().identityProviderUrl}/auth/v1`;
}

export async function issueAccessToken(user: { id: string; email: string }, sessionId: string) {
  const key = await getSigningKey();
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ email: user.email, session_id: sessionId, role: "authenticated" })
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
    .setSubject(user.id)
    .setAudience("authenticated")
    .setIssuer(issuer())
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
    .sign(key.privateKey);
  return { token, expiresAt: now + ACCESS_TOKEN_SECONDS };
}

let remoteJwks: ReturnType<typeof createRemoteJWKSet> | undefined;

/** The built-in provider verifies against its own key; a hosted one through its JWKS. */
async function verificationKey() {
  const config = getConfig();
  if (config.usesBuiltInIdentityProvider) return (await getSigningKey()).publicKey;
  remoteJwks ??= createRemoteJWKSet(new URL(`${issuer()}/.well-known/jwks.json`), {
    cacheMaxAge: 10 * 60 * 1000,
    cooldownDuration: 30 * 1000,
  });
  return remoteJwks;
}

/**
 * Verifies an access token: ES256/RS256 only, issuer, audience, and `exp`/`sub`/`iat`
 * required. Throws jose's errors (e.g. `JWTExpired`) so callers can tell expiry apart.
 */
export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  if (token.length > MAX_TOKEN_BYTES) throw new Error("token too large");
  const key = await verificationKey();
  const { payload } = await jwtVerify(token, key as Parameters<typeof jwtVerify>[1], {
    algorithms: ["ES256", "RS256"],
    issuer: issuer(),
    audience: "authenticated",
    requiredClaims: ["exp", "sub", "iat"],
  });
  if (typeof payload.email !== "string") throw new Error("token has no email");
  return payload as AccessClaims;
}
