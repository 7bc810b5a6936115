/**
 * The passkeys' (and the WebAuthn factor's) GoTrue `error_code`s; two-step's own list
 * (../error-codes.ts) carries them into the catalog.
 */
import { errorEntry } from "../../platform/error-codes";

export const PASSKEYS = {
  WEBAUTHN_CHALLENGE_NOT_FOUND: errorEntry("webauthn_challenge_not_found", 400, "identity", "Passkeys: a verify whose `challenge_id` names no live challenge of its kind (unknown, or used already: each is used once)."),
  WEBAUTHN_CHALLENGE_EXPIRED: errorEntry("webauthn_challenge_expired", 400, "identity", "Passkeys: a challenge older than 5 minutes."),
  WEBAUTHN_VERIFICATION_FAILED: errorEntry("webauthn_verification_failed", 400, "identity", "Passkeys and the WebAuthn factor: a credential that does not verify: unregistered (or not the factor's), signed for another challenge or origin, or without a required user verification."),
  WEBAUTHN_CREDENTIAL_EXISTS: errorEntry("webauthn_credential_exists", 422, "identity", "Passkeys: registering an authenticator already registered."),
  TOO_MANY_PASSKEYS: errorEntry("too_many_passkeys", 422, "identity", "Passkeys: 10 already."),
  PASSKEY_NOT_FOUND: errorEntry("validation_failed", 404, "identity", "Passkeys: no passkey with this id on the account (GoTrue's `Passkey not found`)."),
  INSUFFICIENT_AAL_PASSKEYS: errorEntry("insufficient_aal", 403, "identity", "Passkeys: registering or removing one from an `aal1` session of an account with a verified second factor."),
  EMAIL_NOT_CONFIRMED_403: errorEntry("email_not_confirmed", 403, "identity", "Passkeys: signing in with a passkey to an account whose address is not confirmed."),
} as const;
