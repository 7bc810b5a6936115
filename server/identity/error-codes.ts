/**
 * The identity area's error codes: the built-in provider's GoTrue `error_code`s under
 * `/auth/v1/` and the anonymous account's refusal. Listed in the catalog by server/start/error-catalog.ts.
 */
import { errorEntry, SERVICE_ERRORS, type AreaErrorCodes } from "../platform/error-codes";

/** `{ message, code }` bodies of the identity area's own JSON errors. */
export const IDENTITY_CODES = {
  ANONYMOUS_ACCOUNT: errorEntry("ANONYMOUS_ACCOUNT", 403, "message", "An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`) creating a workspace or registering an OAuth client: it may keep its profile and become a permanent account, little else (ADR 062)."),
} as const;

/** The built-in identity provider's GoTrue `error_code`s under `/auth/v1/`. */
export const IDENTITY = {
  VALIDATION_FAILED: errorEntry("validation_failed", 400, "identity", "An email, password or metadata field that fails validation."),
  BAD_JSON: errorEntry("bad_json", 400, "identity", "A body that is not JSON."),
  UNSUPPORTED_GRANT_TYPE: errorEntry("unsupported_grant_type", 400, "identity", "`grant_type` is neither `password` nor `refresh_token`."),
  INVALID_CREDENTIALS: errorEntry("invalid_credentials", 400, "identity", "Wrong email or password."),
  EMAIL_NOT_CONFIRMED: errorEntry("email_not_confirmed", 400, "identity", "Signing in before following the mailed confirmation link (with SMTP_URL)."),
  REFRESH_TOKEN_NOT_FOUND: errorEntry("refresh_token_not_found", 400, "identity", "A refresh token that is unknown, used up or revoked."),
  REFRESH_TOKEN_ALREADY_USED: errorEntry("refresh_token_already_used", 400, "identity", "A refresh token already rotated, reused after `REFRESH_TOKEN_REUSE_INTERVAL_SECONDS`: its session ends."),
  NO_AUTHORIZATION: errorEntry("no_authorization", 401, "identity", "No `Authorization: Bearer` header."),
  BAD_JWT: errorEntry("bad_jwt", 403, "identity", "An access token that is malformed, badly signed or expired."),
  SESSION_NOT_FOUND: errorEntry("session_not_found", 403, "identity", "An access token whose session has ended (signed out, revoked, expired)."),
  USER_NOT_FOUND: errorEntry("user_not_found", 403, "identity", "An access token whose account no longer exists."),
  USER_BANNED: errorEntry("user_banned", 400, "identity", "Signing in to an account its workspace's directory suspended (SCIM `active: false` on a managed account, ADR 080)."),
  NOT_ADMIN: errorEntry("not_admin", 403, "identity", "The admin API (`/auth/v1/admin`) without the service-role key."),
  ADMIN_USER_NOT_FOUND: errorEntry("user_not_found", 404, "identity", "The admin API: no account with this id."),
  REQUEST_TOO_LARGE: errorEntry("request_too_large", 413, "identity", "A body over the edge's JSON limit."),
  WEAK_PASSWORD: errorEntry("weak_password", 422, "identity", "A password too short or too long."),
  USER_ALREADY_EXISTS: errorEntry("user_already_exists", 422, "identity", "Signing up with a registered email."),
  EMAIL_EXISTS: errorEntry("email_exists", 422, "identity", "Changing the email to one another account has."),
  OVER_REQUEST_RATE_LIMIT: errorEntry("over_request_rate_limit", 429, "identity", "Too many sign-ups or sign-ins from the address or for the account."),
  SIGN_INS_BUSY: errorEntry("over_request_rate_limit", 503, "identity", "Too many password checks in progress at once."),
  EMAIL_PROVIDER_DISABLED: errorEntry("email_provider_disabled", 422, "identity", "Password recovery, magic links, one-time codes and re-authentication without mail (`SMTP_URL` unset); the message names the setting."),
  VALIDATION_FAILED_422: errorEntry("validation_failed", 422, "identity", "`POST /verify` with a code and a malformed address (GoTrue's 422 `Invalid email format`)."),
  PHONE_PROVIDER_DISABLED: errorEntry("phone_provider_disabled", 400, "identity", "Anything by phone (SMS codes): the built-in provider has no phone sign-in."),
  OVER_EMAIL_SEND_RATE_LIMIT: errorEntry("over_email_send_rate_limit", 429, "identity", "A second sign-in mail (`POST /otp`) or re-authentication nonce (`GET /reauthenticate`) to one address within 60 seconds (GoTrue's `SMTP_MAX_FREQUENCY`); `Retry-After` says when to try again."),
  OTP_EXPIRED: errorEntry("otp_expired", 403, "identity", "A one-time code or magic link that is wrong, used or expired."),
  REAUTHENTICATION_NEEDED: errorEntry("reauthentication_needed", 400, "identity", "A password change from a session older than 24 hours without the mailed `nonce`."),
  REAUTHENTICATION_NOT_VALID: errorEntry("reauthentication_not_valid", 422, "identity", "A password change with a `nonce` that is wrong, used or expired."),
  EMAIL_NOT_CONFIRMED_FOR_REAUTH: errorEntry("email_not_confirmed", 422, "identity", "Re-authenticating before the address is confirmed."),
  ANONYMOUS_PROVIDER_DISABLED: errorEntry("anonymous_provider_disabled", 422, "identity", "Anonymous sign-in while `ANONYMOUS_SIGN_IN` is off (the default)."),
  PROVIDER_NOT_ENABLED: errorEntry("validation_failed", 400, "identity", "`/authorize` (`signInWithOAuth`) with a provider the built-in provider does not offer: it has none."),
  ID_TOKEN_PROVIDER_DISABLED: errorEntry("provider_disabled", 400, "identity", "`grant_type=id_token` (`signInWithIdToken`): the built-in provider trusts no outside issuer's ID tokens."),
  WEB3_PROVIDER_DISABLED: errorEntry("web3_provider_disabled", 422, "identity", "`grant_type=web3` (`signInWithWeb3`): the built-in provider has no Web3 sign-in."),
  SAML_PROVIDER_DISABLED: errorEntry("saml_provider_disabled", 404, "identity", "`/auth/v1/sso` (`signInWithSSO`) and `/auth/v1/sso/saml/*` while `SAML_ENABLED` is off (ADR 079): `SAML 2.0 is disabled`."),
  MANUAL_LINKING_DISABLED: errorEntry("manual_linking_disabled", 404, "identity", "`/user/identities` (`linkIdentity`, `unlinkIdentity`): with no outside providers there is nothing to link."),
  MFA_RATE_LIMITED: errorEntry("over_request_rate_limit", 429, "identity", "Two-step sign-in: 5 wrong codes for a factor within 5 minutes; `Retry-After` says when to try again."),
  INSUFFICIENT_AAL_UNENROLL: errorEntry("insufficient_aal", 422, "identity", "Two-step sign-in: removing a verified factor from an `aal1` session."),
  INSUFFICIENT_AAL_ACCOUNT: errorEntry("insufficient_aal", 401, "identity", "Two-step sign-in: a new password or address (`PUT /auth/v1/user`) from an `aal1` session of an account with a verified second factor (GoTrue's 401)."),
  INSUFFICIENT_AAL_SIGN_OUT_OTHERS: errorEntry("insufficient_aal", 422, "identity", "Two-step sign-in: ending the account's other sessions (`POST /auth/v1/logout?scope=others`) from an `aal1` session of an account with a verified second factor."),
  UNEXPECTED_FAILURE: errorEntry("unexpected_failure", 500, "identity", "A fault of the service."),
  PROVIDER_UNREACHABLE: errorEntry("provider_unreachable", 502, "identity", "An external identity provider (`IDENTITY_PROVIDER_URL`) could not be reached."),
  PROVIDER_ERROR: errorEntry("provider_error", 400, "identity", "An external identity provider (`IDENTITY_PROVIDER_URL`) refused without naming a code; its own status is passed on."),
} as const;

/** GoTrue's `GET /auth/v1/verify` (a mailed link) refusing: the redirect's fragment carries `error`, and the IDENTITY entry's code as `error_code`. */
export const IDENTITY_REDIRECT = {
  LINK_REFUSED: errorEntry("access_denied", 303, "fragment", "A mailed link that is wrong, used or expired (`error_code=otp_expired`)."),
  LINK_INVALID: errorEntry("invalid_request", 303, "fragment", "A mailed link without a type or token, or of a type no link has (`error_code=validation_failed`)."),
} as const;

export const IDENTITY_ERROR_CODES: AreaErrorCodes = {
  area: "identity",
  groups: [
    { group: SERVICE_ERRORS, entries: IDENTITY_CODES },
    { group: "Identity provider", entries: IDENTITY },
    { group: "Identity provider: mailed links", entries: IDENTITY_REDIRECT },
  ],
};
