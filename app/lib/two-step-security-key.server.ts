import { IdentityError, type TokenResponse } from "../../server/identity";
import { findCause } from "../../server/platform/errors";
import type { Caller } from "./caller.server";
import { factorsOf } from "./two-step.server";

/**
 * The second sign-in step with a security key (a verified WebAuthn factor; ADR 049, amended):
 * the factor's challenge answers request options for the browser's `startAuthentication`, and
 * its verify checks the assertion and raises the session to `aal2` (amr `mfa/webauthn`). The
 * same GoTrue factor API auth-js's `mfa.webauthn.authenticate` calls, with the session's token.
 */

/** The key the button asks for: the oldest verified one (its request options name its credential only). */
async function securityKeyOf(caller: Caller, accessToken: string): Promise<string | null> {
  return (await factorsOf(caller, accessToken)).securityKeys[0]?.id ?? null;
}

export const NO_SECURITY_KEY_MESSAGE = "This account has no security key. Enter the code from your authenticator app instead.";
export const KEY_NOT_VERIFIED_MESSAGE = "That security key could not be verified. Try again with the key you added to this account.";
export const KEY_REQUEST_EXPIRED_MESSAGE = "The security key request expired. Try again.";

export class NoSecurityKey extends Error {}

/** The factor's challenge: `{ challengeId, options }`, options being PublicKeyCredentialRequestOptionsJSON. */
export async function securityKeyOptions(caller: Caller, accessToken: string): Promise<{ challengeId: string; options: unknown }> {
  const factorId = await securityKeyOf(caller, accessToken);
  if (!factorId) throw new NoSecurityKey(NO_SECURITY_KEY_MESSAGE);
  const challenge = await caller.idp.factorChallenge({ accessToken, factorId, fields: {} });
  if (challenge.type !== "webauthn") throw new Error("A security key's challenge answered another factor type");
  return { challengeId: challenge.id, options: challenge.webauthn.credential_options.publicKey };
}

/** The factor's verify with the browser's assertion (as `startAuthentication` serialized it). */
export async function verifySecurityKey(caller: Caller, accessToken: string, challengeId: string, credential: unknown): Promise<TokenResponse> {
  const factorId = await securityKeyOf(caller, accessToken);
  if (!factorId) throw new NoSecurityKey(NO_SECURITY_KEY_MESSAGE);
  return caller.idp.factorVerify({ accessToken, factorId, fields: { challenge_id: challengeId, webauthn: { type: "request", credential_response: credential } } });
}

/** What a refused ceremony means to the person, or undefined for a failure that is not about the key. */
export function securityKeyRefusal(error: unknown): { message: string; status: number } | undefined {
  if (error instanceof NoSecurityKey) return { message: error.message, status: 400 };
  const identity = findCause(error, IdentityError);
  if (!identity) return undefined;
  if (identity.errorCode === "mfa_challenge_expired") return { message: KEY_REQUEST_EXPIRED_MESSAGE, status: 400 };
  if (identity.status >= 500) return { message: identity.message, status: 503 };
  return { message: KEY_NOT_VERIFIED_MESSAGE, status: identity.status === 429 ? 429 : 400 };
}

/** The browser's serialized assertion; anything unreadable is left for the verify to refuse. */
export function parseCredential(value: FormDataEntryValue | null): unknown {
  try {
    return JSON.parse(String(value ?? ""));
  } catch {
    return null;
  }
}
