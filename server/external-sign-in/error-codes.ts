/**
 * The external sign-in area's GoTrue `error_code`s (issue 31, ADR 075): at `/auth/v1/authorize`,
 * in the callback's redirect to `redirect_to` (or the site URL for a bad state), and at
 * `POST /auth/v1/token?grant_type=pkce`. Listed in the catalog by server/start/error-catalog.ts.
 */
import { errorEntry, type AreaErrorCodes } from "../platform/error-codes";

export const EXTERNAL = {
  VALIDATION_FAILED: errorEntry("validation_failed", 400, "identity", "`/authorize` with half of PKCE (`code_challenge` without `code_challenge_method` or the reverse) or a malformed challenge; `grant_type=pkce` without `auth_code` or `code_verifier`."),
  BAD_OAUTH_STATE: errorEntry("bad_oauth_state", 400, "identity", "The callback's `state` is forged, unknown or expired: the browser goes to the site URL with `error=invalid_request`."),
  BAD_OAUTH_CALLBACK: errorEntry("bad_oauth_callback", 400, "identity", "The callback without `state`, or without the provider's `code`."),
  FLOW_STATE_ALREADY_USED: errorEntry("flow_state_already_used", 400, "identity", "The callback opened a second time with one `state`: it finished once, nothing more is written."),
  FLOW_STATE_NOT_FOUND: errorEntry("flow_state_not_found", 404, "identity", "`grant_type=pkce` with an auth code that is unknown or already exchanged."),
  FLOW_STATE_EXPIRED: errorEntry("flow_state_expired", 422, "identity", "`grant_type=pkce` with an auth code older than 5 minutes."),
  BAD_CODE_VERIFIER: errorEntry("bad_code_verifier", 400, "identity", "`grant_type=pkce` with a `code_verifier` that does not match the `code_challenge` of `/authorize`."),
  PROVIDER_EMAIL_NEEDS_VERIFICATION: errorEntry("provider_email_needs_verification", 422, "identity", "The provider names an address it has not verified, while mail confirms addresses, or that another account has: no account is made or linked (`error=access_denied`)."),
  IDENTITY_ALREADY_EXISTS: errorEntry("identity_already_exists", 422, "identity", "Manual linking (`linkIdentity`): the provider's identity is already linked to this account or to another one; nothing is written (`error=invalid_request` at `redirect_to`)."),
  IDENTITY_ID_INVALID: errorEntry("validation_failed", 404, "identity", "`DELETE /user/identities/{identity_id}` with an `identity_id` that is not a UUID."),
  IDENTITY_NOT_FOUND: errorEntry("identity_not_found", 422, "identity", "`unlinkIdentity` of an identity that is not the signed-in account's (unknown, or another person's)."),
  SINGLE_IDENTITY_NOT_DELETABLE: errorEntry("single_identity_not_deletable", 422, "identity", "`unlinkIdentity` of the account's last identity: it would have no way to sign in."),
  EMAIL_CONFLICT_IDENTITY_NOT_DELETABLE: errorEntry("email_conflict_identity_not_deletable", 422, "identity", "`unlinkIdentity` of the identity whose address is the account's, when the address it would take from another identity belongs to another account."),
  CUSTOM_PROVIDER_INVALID: errorEntry("validation_failed", 400, "identity", "The admin custom provider API (`/auth/v1/admin/custom-providers`): a field GoTrue's rules refuse (a missing field, an identifier without `custom:` or off its format, a URL that is not https or names a loopback or private address, a reserved authorization parameter, a protected attribute_mapping target, NUL or broken UTF-16), or an OpenID issuer whose discovery fails."),
  CUSTOM_PROVIDER_CONFLICT: errorEntry("conflict", 400, "identity", "`POST /auth/v1/admin/custom-providers` with an identifier that is already taken: nothing is written."),
  CUSTOM_PROVIDER_NOT_FOUND: errorEntry("custom_provider_not_found", 404, "identity", "The admin custom provider API: no custom provider with this identifier."),
  CUSTOM_ID_TOKEN_PROVIDER_UNUSABLE: errorEntry("validation_failed", 400, "identity", "`grant_type=id_token` with `provider: custom:<identifier>` naming no custom provider, or an `oauth2` one (only an OpenID provider issues ID tokens)."),
  CUSTOM_ID_TOKEN_PROVIDER_DISABLED: errorEntry("provider_disabled", 400, "identity", "`grant_type=id_token` with `provider: custom:<identifier>` naming a custom provider that is disabled."),
  UPSTREAM_FAILURE: errorEntry("unexpected_failure", 500, "identity", "The provider could not be reached in `EXTERNAL_PROVIDER_TIMEOUT_SECONDS`, refused the code, or named no address (`error=server_error`)."),
} as const;

export const EXTERNAL_SIGN_IN_ERROR_CODES: AreaErrorCodes = {
  area: "external-sign-in",
  groups: [{ group: "Identity provider: external sign-in", entries: EXTERNAL }],
};
