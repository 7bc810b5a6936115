import { IdentityError, sessionSetCookie, type TokenResponse } from "../../server/identity";
import { findCause } from "../../server/platform/errors";
import type { Caller } from "./caller.server";

/**
 * The dashboard's side of two-step sign-in (issue 20, 1; ADR 049). It drives the same GoTrue
 * factor API that auth-js calls (ADR 045), with the session's own access token: the tokens a
 * verify answers travel on only in the HttpOnly cookie.
 */

export interface TwoStepFactors {
  /** The verified authenticator app, if any (at most one is kept verified by the dashboard). */
  totpId: string | null;
  /** The verified security keys (WebAuthn factors), oldest first. */
  securityKeys: SecurityKeyFactor[];
  /** Whether a set of recovery codes exists. */
  hasRecoveryCodes: boolean;
}

export interface SecurityKeyFactor {
  id: string;
  friendlyName: string;
  createdAt: string;
}

interface ListedFactor {
  id: string;
  factor_type: string;
  status: string;
  friendly_name?: string;
  created_at?: string;
}

/**
 * Whether a sign-in owes a second step: a verified authenticator app or security key. The
 * session check decides `pending` by the same rule (server/identity/session-standing.ts).
 */
export function hasSecondFactor(factors: ListedFactor[] | undefined): boolean {
  return (factors ?? []).some((factor) => (factor.factor_type === "totp" || factor.factor_type === "webauthn") && factor.status === "verified");
}

export async function factorsOf(caller: Caller, accessToken: string): Promise<TwoStepFactors> {
  const user = await caller.idp.user({ accessToken });
  const factors: ListedFactor[] = user.factors ?? [];
  return {
    totpId: factors.find((factor) => factor.factor_type === "totp" && factor.status === "verified")?.id ?? null,
    securityKeys: factors
      .filter((factor) => factor.factor_type === "webauthn" && factor.status === "verified")
      .map((factor) => ({ id: factor.id, friendlyName: factor.friendly_name ?? "", createdAt: factor.created_at ?? "" })),
    hasRecoveryCodes: factors.some((factor) => factor.factor_type === "recovery_code"),
  };
}

/** A code as typed: spaces (apps show "123 456") and separators do not matter. */
export function tidyCode(input: FormDataEntryValue | null): string {
  return String(input ?? "").replace(/[\s-]+/g, "");
}

/** The app's code for `factorId`: a challenge and its verify, from this one request's address. */
export async function verifyTotp(caller: Caller, accessToken: string, factorId: string, code: string): Promise<TokenResponse> {
  const challenge = await caller.idp.factorChallenge({ accessToken, factorId, fields: {} });
  return caller.idp.factorVerify({ accessToken, factorId, fields: { challenge_id: challenge.id, code } });
}

/** The second sign-in step: six digits are the app's code, anything else a recovery code. */
export async function passSecondStep(caller: Caller, accessToken: string, code: string): Promise<TokenResponse> {
  const { totpId } = await factorsOf(caller, accessToken);
  if (/^\d{6}$/.test(code) && totpId) return verifyTotp(caller, accessToken, totpId, code);
  return caller.idp.recoveryCodeVerify({ accessToken, fields: { code } });
}

export const WRONG_CODE_MESSAGE = "That code is not right. Enter the current 6-digit code from your authenticator app, or an unused recovery code.";
export const NO_RECOVERY_CODES_MESSAGE = "This account has no recovery codes. Enter the 6-digit code from your authenticator app.";

/** What a refused code means to the person, or undefined for a failure that is not about the code. */
export function codeRefusal(error: unknown): { message: string; status: number; headers: Record<string, string> } | undefined {
  const identity = findCause(error, IdentityError);
  if (!identity) return undefined;
  if (identity.status === 429) {
    const seconds = Math.max(1, Number(identity.headers["Retry-After"] ?? "300") || 300);
    return { message: `Too many attempts. Try again in ${seconds} s.`, status: 429, headers: { "Retry-After": String(seconds) } };
  }
  if (identity.errorCode === "mfa_verification_failed" || identity.errorCode === "validation_failed") return { message: WRONG_CODE_MESSAGE, status: 400, headers: {} };
  if (identity.errorCode === "mfa_factor_not_found") return { message: NO_RECOVERY_CODES_MESSAGE, status: 400, headers: {} };
  return { message: identity.message, status: identity.status >= 500 ? 503 : 400, headers: {} };
}

/** The session cookie for the tokens a verify answered (the same session, now `aal2`). */
export function sessionCookieOf(tokens: TokenResponse): string {
  return sessionSetCookie(tokens.access_token, tokens.refresh_token);
}
