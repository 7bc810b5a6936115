import type { EntityManager } from "@mikro-orm/postgresql";
import { ACCESS_TOKEN_SECONDS, issueAccessToken, type SecondFactor } from "./access-tokens";
import type { AuthUser } from "./entities";
import { factorsOf, type ProviderFactor } from "./account-factors";
import type { TokenResponse } from "./provider-types";
import { toProviderUser } from "./provider-user";
import { identitiesFor } from "./identities";

/**
 * A session's answer: its access token at the level the session reached, the refresh token,
 * and the user with its factors, which auth-js reads for `getAuthenticatorAssuranceLevel`.
 * `signedInAt`: when the session began, GoTrue's `amr` timestamp, kept across refreshes.
 */
export async function sessionTokens(
  em: EntityManager,
  user: AuthUser,
  sessionId: string,
  refreshToken: string,
  signedInAt: Date,
  second: SecondFactor | null,
  /** The account's factors when the caller read them with the account; read here otherwise. */
  factors?: ProviderFactor[],
  /** How the session began when not by password (or anonymously): `oauth` for an upstream provider's sign-in. */
  signInMethod: string | null = null,
): Promise<TokenResponse> {
  const access = await issueAccessToken(user, sessionId, signedInAt, second, signInMethod);
  return {
    access_token: access.token,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: toProviderUser(user, factors ?? (await factorsOf(em, user.id)), await identitiesFor(em, user)),
  };
}

/** The second factor a session row records, if it verified one. */
export function secondFactorOf(row: { aal?: string | null; mfa_method?: string | null; mfa_at?: Date | string | null }): SecondFactor | null {
  const methods: (string | null | undefined)[] = ["totp", "mfa/webauthn", "mfa/recovery_code", "webauthn"];
  if (row.aal !== "aal2" || !row.mfa_at || !methods.includes(row.mfa_method)) return null;
  return { method: row.mfa_method as SecondFactor["method"], at: new Date(row.mfa_at) };
}
