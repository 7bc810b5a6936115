import { PASSKEYS } from "./error-codes";
import { IDENTITY } from "../../identity";
import { IdentityError } from "../../identity";
import { isUuid } from "./passkey-rows";

/**
 * A verify's body, checked in GoTrue's order and words: `challenge_id` (a UUID) and the
 * browser's serialized `credential` (an object; its contents are the WebAuthn library's to judge).
 */
export function ceremonyBody(fields: Record<string, unknown>): { challengeId: string; credential: Record<string, unknown> } {
  const challengeId = fields.challenge_id;
  if (typeof challengeId !== "string" || challengeId === "") throw new IdentityError(IDENTITY.VALIDATION_FAILED, "challenge_id is required");
  const credential = fields.credential;
  if (credential === undefined || credential === null) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "credential is required");
  if (!isUuid(challengeId)) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "challenge_id must be a valid UUID");
  if (typeof credential !== "object" || Array.isArray(credential)) throw verificationFailed("Invalid credential response");
  return { challengeId, credential: credential as Record<string, unknown> };
}

export const verificationFailed = (message = "Credential verification failed") => new IdentityError(PASSKEYS.WEBAUTHN_VERIFICATION_FAILED, message);
