/**
 * Two-step sign-in's error codes: GoTrue's `error_code`s of its MFA and passkey endpoints under
 * `/auth/v1/` (the same surface as the identity core's, so the same group of the reference).
 * Listed in the catalog by server/start/error-catalog.ts.
 */
import { errorEntry, type AreaErrorCodes } from "../platform/error-codes";
import { PASSKEYS } from "./passkeys/error-codes";

export const TWO_STEP = {
  MFA_TOTP_ENROLL_NOT_ENABLED: errorEntry("mfa_totp_enroll_not_enabled", 422, "identity", "Enrolling a TOTP factor while `INTEGRATION_ENCRYPTION_KEY` (which seals the secrets) is unset; the message names the setting."),
  MFA_FACTOR_NOT_FOUND: errorEntry("mfa_factor_not_found", 404, "identity", "Two-step sign-in: no factor with this id on the account of the token (or no recovery codes)."),
  MFA_CHALLENGE_NOT_FOUND: errorEntry("mfa_factor_not_found", 422, "identity", "Two-step sign-in: a verify whose `challenge_id` is not a challenge of this factor (or a WebAuthn factor's challenge already used)."),
  MFA_CHALLENGE_EXPIRED: errorEntry("mfa_challenge_expired", 422, "identity", "Two-step sign-in: a challenge older than 5 minutes."),
  MFA_IP_ADDRESS_MISMATCH: errorEntry("mfa_ip_address_mismatch", 422, "identity", "Two-step sign-in: a challenge already verified, or verified from another address than it was made from."),
  MFA_VERIFICATION_FAILED: errorEntry("mfa_verification_failed", 422, "identity", "Two-step sign-in: a wrong code, a code already used in its window, or a used recovery code."),
  MFA_FACTOR_NAME_CONFLICT: errorEntry("mfa_factor_name_conflict", 422, "identity", "Two-step sign-in: a friendly name another factor of the account has."),
  TOO_MANY_ENROLLED_MFA_FACTORS: errorEntry("too_many_enrolled_mfa_factors", 422, "identity", "Two-step sign-in: 10 factors already."),
  MFA_VERIFIED_FACTOR_EXISTS: errorEntry("mfa_verified_factor_exists", 422, "identity", "Recovery codes: the account has a set already (regenerate it instead)."),
  MFA_RECOVERY_CODES_SOLE_FACTOR: errorEntry("mfa_recovery_codes_sole_factor", 422, "identity", "Recovery codes without another verified factor, or removing the last factor they back."),
  INSUFFICIENT_AAL: errorEntry("insufficient_aal", 403, "identity", "Two-step sign-in: enrolling or managing recovery codes from a session that has not verified its second factor (`aal1`)."),
  MFA_RECOVERY_CODES_LOCKED: errorEntry("mfa_recovery_codes_locked", 429, "identity", "Recovery codes: 5 wrong codes within 5 minutes; `Retry-After` says when to try again."),
} as const;

export { PASSKEYS };

export const TWO_STEP_ERROR_CODES: AreaErrorCodes = {
  area: "two-step",
  groups: [
    { group: "Identity provider", entries: TWO_STEP },
    { group: "Identity provider", entries: PASSKEYS },
  ],
};
