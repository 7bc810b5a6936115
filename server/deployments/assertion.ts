import { SignJWT } from "jose";
import { getConfig } from "../platform/config";
import { assertionSigningKey } from "./assertion-keys";
import type { AppIdentity } from "./app-sessions";

/**
 * `X-Svc-Assertion`: what lets a tool that is reachable without the proxy tell a real
 * request from a forged one (the plain X-Svc-* headers are unsigned, SPEC 5). An ES256 JWT,
 * `iss` BASE_URL, `aud` the tool's origin, 60 s; keys at
 * `{BASE_URL}/.well-known/svc-assertion-jwks.json`. It is signed with its own key
 * (ASSERTION_SIGNING_KEY, ADR 035), published nowhere else, and typed `svc-assertion+jwt`:
 * a verifier that checks only signature and `exp` (Supabase's `getClaims()`) against the
 * identity JWKS finds no key for it, so a tool cannot replay a visitor's assertion as an
 * access token. Tokens are reused for 30 s per app session: one signature per
 * person and tool per half-minute, not one per request.
 */
const LIFETIME_SECONDS = 60;
export const ASSERTION_TYPE = "svc-assertion+jwt";
const REUSE_MS = 30_000;
const signed = new Map<string, { token: string; until: number }>();

const keyOf = (identity: AppIdentity, appOrigin: string) => `${identity.appSessionId}|${identity.role}|${appOrigin}`;

/** A still fresh assertion without signing anything, or undefined. */
export function cachedAssertion(identity: AppIdentity, appOrigin: string, now = Date.now()): string | undefined {
  const hit = signed.get(keyOf(identity, appOrigin));
  return hit && hit.until > now ? hit.token : undefined;
}

export async function assertionFor(identity: AppIdentity, appOrigin: string, now = Date.now()): Promise<string> {
  const key = keyOf(identity, appOrigin);
  const hit = signed.get(key);
  if (hit && hit.until > now) return hit.token;
  const signing = await assertionSigningKey();
  const iat = Math.floor(now / 1000);
  const token = await new SignJWT({ email: identity.email, name: identity.displayName, tenant_id: identity.tenantId, role: identity.role })
    .setProtectedHeader({ alg: "ES256", kid: signing.kid, typ: ASSERTION_TYPE })
    .setIssuer(getConfig().baseUrl)
    .setAudience(appOrigin)
    .setSubject(identity.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + LIFETIME_SECONDS)
    .sign(signing.privateKey);
  if (signed.size > 10_000) signed.clear();
  signed.set(key, { token, until: now + REUSE_MS });
  return token;
}
