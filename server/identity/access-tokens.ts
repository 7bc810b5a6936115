import { SignJWT, type JWTPayload } from "jose";
import { getConfig } from "../platform/config";
import { getIdentityTokenVerifier, InvalidIdentityTokenError } from "./tokens/identity-tokens";
import type { UserMetadata } from "./entities";
import { appMetadataOf } from "./provider-user";
import { getSigningKey } from "./tokens/signing-keys";

export const ACCESS_TOKEN_SECONDS = 3600;

export interface AccessClaims extends JWTPayload {
  sub: string;
  email: string;
  session_id?: string;
  exp: number;
  /** An anonymous sign-in's account (GoTrue's `is_anonymous`, ADR 062). */
  is_anonymous?: boolean;
}

/** `{auth_url}`: AUTH_URL when set, else `{identity provider}/auth/v1` (config.ts). */
export function issuer(): string {
  return getConfig().authUrl;
}

/**
 * A second factor a session verified (GoTrue's amr methods `totp`, `mfa/webauthn` and `mfa/recovery_code`), or
 * a passkey sign-in (`webauthn`): one gesture that proves possession of the authenticator and,
 * by its required user verification, the person, so it stands for both factors (ADR 048).
 */
export interface SecondFactor {
  method: "totp" | "mfa/webauthn" | "mfa/recovery_code" | "webauthn";
  at: Date;
}

/** GoTrue's `amr`: the newest method first; a passkey sign-in has no password entry under it. */
function amrOf(first: { method: string; timestamp: number }, second: SecondFactor | null) {
  if (!second) return [first];
  const entry = { method: second.method, timestamp: Math.floor(second.at.getTime() / 1000) };
  return second.method === "webauthn" ? [entry] : [entry, first];
}

/**
 * GoTrue's access token claims (its `AccessTokenClaims`): one factor, a password, is `aal1`
 * with one `amr` entry stamped with the session's sign-in; a verified second factor makes it
 * `aal2`, its entry first (the newest), as GoTrue orders them.
 */
export async function issueAccessToken(
  user: { id: string; email: string; userMetadata: UserMetadata; isAnonymous?: boolean; appMetadata?: Record<string, unknown> },
  sessionId: string,
  signedInAt: Date,
  second: SecondFactor | null = null,
  /** The session's first factor when not a password: GoTrue's `oauth` after an upstream provider. */
  signInMethod: string | null = null,
) {
  const first = { method: signInMethod ?? (user.isAnonymous ? "anonymous" : "password"), timestamp: Math.floor(signedInAt.getTime() / 1000) };
  const key = await getSigningKey();
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({
    email: user.email,
    phone: "",
    app_metadata: appMetadataOf(user),
    user_metadata: user.userMetadata ?? {},
    role: "authenticated",
    aal: second ? "aal2" : "aal1",
    amr: amrOf(first, second),
    session_id: sessionId,
    is_anonymous: user.isAnonymous === true,
  })
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
    .setSubject(user.id)
    .setAudience("authenticated")
    .setIssuer(issuer())
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
    .sign(key.privateKey);
  return { token, expiresAt: now + ACCESS_TOKEN_SECONDS };
}

/**
 * Verifies a first-party session token of the configured provider through the same JWKS
 * verifier the balance endpoints use (ES256/RS256 only, issuer, audience, `exp`/`sub`/`iat`
 * required), and insists on an email. Every road that treats a token as the person's own
 * session (the session cookie, GoTrue's `/user`, `/factors`, `/logout`, passkeys) comes here,
 * so this is the one place that refuses an app's OAuth access token (`at+jwt`, `client_id`):
 * an app the person approved holds a token for userinfo, the balance endpoints and its tools,
 * never the person's account (issue 27, ADR 064).
 * Throws `InvalidIdentityTokenError`; `reason: "expired"` lets callers refresh instead of
 * signing the user out.
 */
export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  const claims = await getIdentityTokenVerifier().verify(token);
  if (claims.issuedToApp !== undefined) throw new InvalidIdentityTokenError("claims");
  if (typeof claims.email !== "string") throw new InvalidIdentityTokenError("claims");
  return { sub: claims.sub, email: claims.email, session_id: claims.sessionId, exp: claims.exp, iat: claims.iat, is_anonymous: claims.isAnonymous === true };
}
