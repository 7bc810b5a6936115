/**
 * Every machine-readable error code the service answers, in one closed catalog: each a named
 * constant with its HTTP status and the body shape it travels in. Call sites name the
 * constant; nothing else decides a code's status. The API reference lists this catalog
 * (rest/openapi/markdown.ts, the document's `x-error-codes`). See docs/decisions/032.
 */

/**
 * The shapes a code travels in:
 *  - `message`: `{ message, code?, error?, detail? }`, the service's JSON errors (SPEC 7);
 *  - `error`: `{ error, detail? }`, the OAuth starts and the provider proxy (SPEC 4.1); the
 *    authorization server and a tool's resource answers speak RFC 6749's `{ error, error_description }`;
 *  - `popup`: the OAuth popup page's posted `{ type: 'svc:oauth:error', code, detail, state }`;
 *  - `identity`: GoTrue's `{ code, error_code, msg }` under `/auth/v1/`.
 */
export type ErrorBodyShape = "message" | "error" | "popup" | "identity";

export interface ErrorCodeEntry {
  /** What the body carries (`error`, `code` or `error_code`). */
  readonly code: string;
  readonly status: number;
  readonly shape: ErrorBodyShape;
  /** When it is answered, for the reference. */
  readonly when: string;
}

const entry = (code: string, status: number, shape: ErrorBodyShape, when: string): ErrorCodeEntry => ({ code, status, shape, when });

/**
 * The AppError table (server/platform/errors.ts): a code thrown by domain code and the status
 * the REST edge answers it with. On the wire it is `{ message }` (plus the error's own body
 * fields); under `/auth/v1/` the lowercased code is GoTrue's `error_code`.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  INVALID_SLUG: 400,
  SLUG_RESERVED: 400,
  UPLOAD_INVALID: 400,
  IDENTITY_REJECTED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  STORAGE_FAILED: 500,
  ENCRYPTION_KEY_UNAVAILABLE: 500,
  INTERNAL: 500,
  IDENTITY_UNAVAILABLE: 502,
  BROKER_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

/** `{ message, code }` and `{ message, error, detail }` bodies of the service's own JSON errors. */
export const MESSAGE_CODES = {
  SLUG_RESERVED: entry("SLUG_RESERVED", 400, "message", "Creating or renaming a workspace with a reserved slug."),
  BROKER_DELETE_FAILED: entry("broker_delete_failed", 502, "message", "Disconnecting a broker-managed connection the broker would not delete (the connection is kept)."),
  TWO_STEP_REQUIRED: entry("TWO_STEP_REQUIRED", 403, "message", "A session without two-step sign-in opening a workspace whose owner requires it (keys and OAuth grants are not refused)."),
  ANONYMOUS_ACCOUNT: entry("ANONYMOUS_ACCOUNT", 403, "message", "An anonymous sign-in's account (`ANONYMOUS_SIGN_IN`) creating a workspace or registering an OAuth client: it may keep its profile and become a permanent account, little else (ADR 062)."),
  TWO_STEP_NOT_SET_UP: entry("TWO_STEP_NOT_SET_UP", 409, "message", "An owner requiring two-step sign-in for the workspace before their own session passed it."),
} as const;

/** SPEC 4.1's `{ error, detail? }` answers of the OAuth starts, the connect wizard and the popup's fallback result. */
export const OAUTH_START = {
  UNAUTHORIZED: entry("unauthorized", 401, "error", "No session."),
  INVALID_APP_KEY: entry("invalid_app_key", 401, "error", "`app_key` is not a live key of the workspace."),
  FORBIDDEN: entry("forbidden", 403, "error", "A viewer may not manage connections."),
  NO_TENANT: entry("no_tenant", 404, "error", "The user has no workspace."),
  PROVIDER_UNKNOWN: entry("provider_unknown", 404, "error", "The slug is not in the catalog, or not served by this flow."),
  INVALID_RETURN_TO: entry("invalid_return_to", 400, "error", "`returnTo` is not a same-origin path."),
  INVALID_STATE: entry("invalid_state", 400, "error", "`state` is too long."),
  INVALID_SDK_NONCE: entry("invalid_sdk_nonce", 400, "error", "`sdk_nonce` has not the nonce's form."),
  OPENER_ORIGIN_NOT_ALLOWED: entry("opener_origin_not_allowed", 400, "error", "`opener_origin` is not an allowed origin of the app."),
  OAUTH_CLIENT_CONFIG_MISSING: entry("oauth_client_config_missing", 500, "error", "The catalog row lacks `authorize_url` or `token_url`."),
  CLIENT_ID_MISSING: entry("<PROVIDER>_OAUTH_CLIENT_ID missing", 500, "error", "The provider's client-id environment variable is unset (the code names it)."),
  ENCRYPTION_KEY_UNAVAILABLE: entry("encryption_key_unavailable", 500, "error", "`INTEGRATION_ENCRYPTION_KEY` is unset."),
  BROKER_AUTH_CONFIG_MISSING: entry("broker_auth_config_missing", 500, "error", "The catalog row's broker has no `auth_config_id`."),
  BROKER_INITIATE_FAILED: entry("broker_initiate_failed", 502, "error", "The broker refused to start the connection."),
  BROKER_NO_REDIRECT_URL: entry("broker_no_redirect_url", 502, "error", "The broker answered no usable redirect URL."),
  WIZARD_NEEDS_APP: entry("invalid_app_key", 400, "error", "The connect wizard was opened without `embed=1` and an `app_key`."),
  WIZARD_CONNECTION_NOT_FOUND: entry("connection_not_found", 404, "error", "The connect wizard was given a connection of another provider or none."),
  RECONNECT_NOT_FOUND: entry("connection_not_found", 404, "error", "`reconnect` names no connection of the workspace for this provider."),
} as const;

/** SPEC 4.1's callback failures: the popup page answers with the status and posts the code. */
export const OAUTH_CALLBACK = {
  PROVIDER_UNKNOWN: entry("provider_unknown", 400, "popup", "The provider is not served by this callback."),
  OAUTH_STATE_INVALID: entry("oauth_state_invalid", 400, "popup", "The state is unknown, expired, already used, or its user left the workspace."),
  MISSING_PARAMS: entry("missing_params", 400, "popup", "The provider's answer lacked `code` or `state` (or the picker's form its choice)."),
  MISSING_CSTATE: entry("missing_cstate", 400, "popup", "The broker's answer lacked `cstate`."),
  MISSING_BROKER_ACCOUNT_ID: entry("missing_broker_account_id", 400, "popup", "The broker's answer lacked `connected_account_id`."),
  BROKER_NOT_ACTIVE: entry("broker_not_active", 400, "popup", "The broker's account is not active."),
  PROVIDER_REFUSED: entry("<the provider's error>", 400, "popup", "The provider or broker answered `?error=`; its value (cleaned, `access_denied` when empty) is the code."),
  ENCRYPTION_KEY_UNAVAILABLE: entry("encryption_key_unavailable", 500, "popup", "`INTEGRATION_ENCRYPTION_KEY` is unset."),
  DB_INSERT_FAILED: entry("db_insert_failed", 500, "popup", "The connection could not be saved."),
  OAUTH_EXCHANGE_FAILED: entry("oauth_exchange_failed", 502, "popup", "The provider's token or discovery request failed."),
  BROKER_GET_FAILED: entry("broker_get_failed", 502, "popup", "The broker's account could not be read."),
  RECONNECT_ACCOUNT_MISMATCH: entry("reconnect_account_mismatch", 409, "popup", "A reconnect signed in to another provider account than the connection's; start it again with `switch_account=1` to switch the connection to that account."),
  ACCOUNT_ALREADY_CONNECTED: entry("account_already_connected", 409, "popup", "A reconnect switching to a provider account that another connection of the workspace already holds."),
  RECONNECT_TARGET_GONE: entry("connection_not_found", 404, "popup", "The connection being reconnected was disconnected meanwhile."),
  SERVICE_UNAVAILABLE: entry("service_unavailable", 503, "popup", "The database is unreachable mid-callback."),
} as const;

/** The provider proxy's `{ error, detail? }` answers (issue 7 section 7). */
export const PROVIDER_PROXY = {
  INVALID_PATH: entry("invalid_path", 400, "error", "The path starts with `//`, is not valid percent-encoding, or has dot segments or encoded slashes."),
  CONNECTION_NOT_FOUND: entry("connection_not_found", 404, "error", "No connection is bound to the key's app for the provider."),
  CONNECTION_NEEDS_REAUTH: entry("connection_needs_reauth", 409, "error", "The bound connection needs a person to connect the account again (its state is `needs_reauth`); the answer names it as `connection_id`, and the provider is not called."),
  PAYLOAD_TOO_LARGE: entry("payload_too_large", 413, "error", "A body over the broker's or the edge's limit."),
  OAUTH_CLIENT_CONFIG_MISSING: entry("oauth_client_config_missing", 500, "error", "The catalog row or the client id the call needs is missing."),
  ENCRYPTION_KEY_UNAVAILABLE: entry("encryption_key_unavailable", 500, "error", "The stored credential cannot be decrypted."),
  TOKEN_REFRESH_FAILED: entry("token_refresh_failed", 502, "error", "The token expired and could not be refreshed."),
  BROKER_PROXY_FAILED: entry("broker_proxy_failed", 502, "error", "The broker's proxy call failed."),
  UPSTREAM_UNREACHABLE: entry("upstream_unreachable", 502, "error", "The provider could not be reached."),
  UPSTREAM_TIMEOUT: entry("upstream_timeout", 504, "error", "The provider did not answer in time."),
} as const;

/** The built-in identity provider's GoTrue `error_code`s under `/auth/v1/`. */
export const IDENTITY = {
  VALIDATION_FAILED: entry("validation_failed", 400, "identity", "An email, password or metadata field that fails validation."),
  BAD_JSON: entry("bad_json", 400, "identity", "A body that is not JSON."),
  UNSUPPORTED_GRANT_TYPE: entry("unsupported_grant_type", 400, "identity", "`grant_type` is neither `password` nor `refresh_token`."),
  INVALID_CREDENTIALS: entry("invalid_credentials", 400, "identity", "Wrong email or password."),
  EMAIL_NOT_CONFIRMED: entry("email_not_confirmed", 400, "identity", "Signing in before following the mailed confirmation link (with SMTP_URL)."),
  REFRESH_TOKEN_NOT_FOUND: entry("refresh_token_not_found", 400, "identity", "A refresh token that is unknown, used up or revoked."),
  REFRESH_TOKEN_ALREADY_USED: entry("refresh_token_already_used", 400, "identity", "A refresh token already rotated, reused after `REFRESH_TOKEN_REUSE_INTERVAL_SECONDS`: its session ends."),
  NO_AUTHORIZATION: entry("no_authorization", 401, "identity", "No `Authorization: Bearer` header."),
  BAD_JWT: entry("bad_jwt", 403, "identity", "An access token that is malformed, badly signed or expired."),
  SESSION_NOT_FOUND: entry("session_not_found", 403, "identity", "An access token whose session has ended (signed out, revoked, expired)."),
  USER_NOT_FOUND: entry("user_not_found", 403, "identity", "An access token whose account no longer exists."),
  NOT_ADMIN: entry("not_admin", 403, "identity", "The admin API (`/auth/v1/admin`) without the service-role key."),
  ADMIN_USER_NOT_FOUND: entry("user_not_found", 404, "identity", "The admin API: no account with this id."),
  REQUEST_TOO_LARGE: entry("request_too_large", 413, "identity", "A body over the edge's JSON limit."),
  WEAK_PASSWORD: entry("weak_password", 422, "identity", "A password too short or too long."),
  USER_ALREADY_EXISTS: entry("user_already_exists", 422, "identity", "Signing up with a registered email."),
  EMAIL_EXISTS: entry("email_exists", 422, "identity", "Changing the email to one another account has."),
  OVER_REQUEST_RATE_LIMIT: entry("over_request_rate_limit", 429, "identity", "Too many sign-ups or sign-ins from the address or for the account."),
  SIGN_INS_BUSY: entry("over_request_rate_limit", 503, "identity", "Too many password checks in progress at once."),
  EMAIL_PROVIDER_DISABLED: entry("email_provider_disabled", 422, "identity", "Password recovery, magic links, one-time codes and re-authentication without mail (`SMTP_URL` unset); the message names the setting."),
  VALIDATION_FAILED_422: entry("validation_failed", 422, "identity", "`POST /verify` with a code and a malformed address (GoTrue's 422 `Invalid email format`)."),
  PHONE_PROVIDER_DISABLED: entry("phone_provider_disabled", 400, "identity", "Anything by phone (SMS codes): the built-in provider has no phone sign-in."),
  OVER_EMAIL_SEND_RATE_LIMIT: entry("over_email_send_rate_limit", 429, "identity", "A second sign-in mail (`POST /otp`) or re-authentication nonce (`GET /reauthenticate`) to one address within 60 seconds (GoTrue's `SMTP_MAX_FREQUENCY`); `Retry-After` says when to try again."),
  OTP_EXPIRED: entry("otp_expired", 403, "identity", "A one-time code or magic link that is wrong, used or expired."),
  REAUTHENTICATION_NEEDED: entry("reauthentication_needed", 400, "identity", "A password change from a session older than 24 hours without the mailed `nonce`."),
  REAUTHENTICATION_NOT_VALID: entry("reauthentication_not_valid", 422, "identity", "A password change with a `nonce` that is wrong, used or expired."),
  EMAIL_NOT_CONFIRMED_FOR_REAUTH: entry("email_not_confirmed", 422, "identity", "Re-authenticating before the address is confirmed."),
  ANONYMOUS_PROVIDER_DISABLED: entry("anonymous_provider_disabled", 422, "identity", "Anonymous sign-in while `ANONYMOUS_SIGN_IN` is off (the default)."),
  PROVIDER_NOT_ENABLED: entry("validation_failed", 400, "identity", "`/authorize` (`signInWithOAuth`) with a provider the built-in provider does not offer: it has none."),
  ID_TOKEN_PROVIDER_DISABLED: entry("provider_disabled", 400, "identity", "`grant_type=id_token` (`signInWithIdToken`): the built-in provider trusts no outside issuer's ID tokens."),
  WEB3_PROVIDER_DISABLED: entry("web3_provider_disabled", 422, "identity", "`grant_type=web3` (`signInWithWeb3`): the built-in provider has no Web3 sign-in."),
  SAML_PROVIDER_DISABLED: entry("saml_provider_disabled", 404, "identity", "`/sso` (`signInWithSSO`): the built-in provider has no SAML single sign-on."),
  MANUAL_LINKING_DISABLED: entry("manual_linking_disabled", 404, "identity", "`/user/identities` (`linkIdentity`, `unlinkIdentity`): with no outside providers there is nothing to link."),
  MFA_TOTP_ENROLL_NOT_ENABLED: entry("mfa_totp_enroll_not_enabled", 422, "identity", "Enrolling a TOTP factor while `INTEGRATION_ENCRYPTION_KEY` (which seals the secrets) is unset; the message names the setting."),
  OAUTH_CLIENT_NOT_FOUND: entry("oauth_client_not_found", 404, "identity", "The admin OAuth client API (`/auth/v1/admin/oauth/clients`): no registered client with this id."),
  MFA_FACTOR_NOT_FOUND: entry("mfa_factor_not_found", 404, "identity", "Two-step sign-in: no factor with this id on the account of the token (or no recovery codes)."),
  MFA_CHALLENGE_NOT_FOUND: entry("mfa_factor_not_found", 422, "identity", "Two-step sign-in: a verify whose `challenge_id` is not a challenge of this factor (or a WebAuthn factor's challenge already used)."),
  MFA_CHALLENGE_EXPIRED: entry("mfa_challenge_expired", 422, "identity", "Two-step sign-in: a challenge older than 5 minutes."),
  MFA_IP_ADDRESS_MISMATCH: entry("mfa_ip_address_mismatch", 422, "identity", "Two-step sign-in: a challenge already verified, or verified from another address than it was made from."),
  MFA_VERIFICATION_FAILED: entry("mfa_verification_failed", 422, "identity", "Two-step sign-in: a wrong code, a code already used in its window, or a used recovery code."),
  MFA_FACTOR_NAME_CONFLICT: entry("mfa_factor_name_conflict", 422, "identity", "Two-step sign-in: a friendly name another factor of the account has."),
  TOO_MANY_ENROLLED_MFA_FACTORS: entry("too_many_enrolled_mfa_factors", 422, "identity", "Two-step sign-in: 10 factors already."),
  MFA_VERIFIED_FACTOR_EXISTS: entry("mfa_verified_factor_exists", 422, "identity", "Recovery codes: the account has a set already (regenerate it instead)."),
  MFA_RECOVERY_CODES_SOLE_FACTOR: entry("mfa_recovery_codes_sole_factor", 422, "identity", "Recovery codes without another verified factor, or removing the last factor they back."),
  INSUFFICIENT_AAL: entry("insufficient_aal", 403, "identity", "Two-step sign-in: enrolling or managing recovery codes from a session that has not verified its second factor (`aal1`)."),
  INSUFFICIENT_AAL_UNENROLL: entry("insufficient_aal", 422, "identity", "Two-step sign-in: removing a verified factor from an `aal1` session."),
  INSUFFICIENT_AAL_ACCOUNT: entry("insufficient_aal", 401, "identity", "Two-step sign-in: a new password or address (`PUT /auth/v1/user`) from an `aal1` session of an account with a verified second factor (GoTrue's 401)."),
  INSUFFICIENT_AAL_SIGN_OUT_OTHERS: entry("insufficient_aal", 422, "identity", "Two-step sign-in: ending the account's other sessions (`POST /auth/v1/logout?scope=others`) from an `aal1` session of an account with a verified second factor."),
  MFA_RATE_LIMITED: entry("over_request_rate_limit", 429, "identity", "Two-step sign-in: 5 wrong codes for a factor within 5 minutes; `Retry-After` says when to try again."),
  MFA_RECOVERY_CODES_LOCKED: entry("mfa_recovery_codes_locked", 429, "identity", "Recovery codes: 5 wrong codes within 5 minutes; `Retry-After` says when to try again."),
  WEBAUTHN_CHALLENGE_NOT_FOUND: entry("webauthn_challenge_not_found", 400, "identity", "Passkeys: a verify whose `challenge_id` names no live challenge of its kind (unknown, or used already: each is used once)."),
  WEBAUTHN_CHALLENGE_EXPIRED: entry("webauthn_challenge_expired", 400, "identity", "Passkeys: a challenge older than 5 minutes."),
  WEBAUTHN_VERIFICATION_FAILED: entry("webauthn_verification_failed", 400, "identity", "Passkeys and the WebAuthn factor: a credential that does not verify: unregistered (or not the factor's), signed for another challenge or origin, or without a required user verification."),
  WEBAUTHN_CREDENTIAL_EXISTS: entry("webauthn_credential_exists", 422, "identity", "Passkeys: registering an authenticator already registered."),
  TOO_MANY_PASSKEYS: entry("too_many_passkeys", 422, "identity", "Passkeys: 10 already."),
  PASSKEY_NOT_FOUND: entry("validation_failed", 404, "identity", "Passkeys: no passkey with this id on the account (GoTrue's `Passkey not found`)."),
  INSUFFICIENT_AAL_PASSKEYS: entry("insufficient_aal", 403, "identity", "Passkeys: registering or removing one from an `aal1` session of an account with a verified second factor."),
  EMAIL_NOT_CONFIRMED_403: entry("email_not_confirmed", 403, "identity", "Passkeys: signing in with a passkey to an account whose address is not confirmed."),
  UNEXPECTED_FAILURE: entry("unexpected_failure", 500, "identity", "A fault of the service."),
  PROVIDER_UNREACHABLE: entry("provider_unreachable", 502, "identity", "An external identity provider (`IDENTITY_PROVIDER_URL`) could not be reached."),
} as const;

/** The authorization server's own RFC 6749 answers `{ error, error_description }` (rest/oauth-server.ts, ADR 037); the library's are its own. */
export const OAUTH_SERVER_CODES = {
  INVALID_REQUEST: entry("invalid_request", 400, "error", "A value holding NUL or broken UTF-16, a JSON body that does not parse or is not an object of strings."),
  USERINFO_METHOD: entry("invalid_request", 405, "error", "userinfo asked with another method than GET or POST."),
  BODY_TOO_LARGE: entry("invalid_request", 413, "error", "A body over 56 KB (the library's own limit)."),
  INVALID_CLIENT: entry("invalid_client", 401, "error", "A client ID metadata document that cannot be used."),
  INVALID_CLIENT_METADATA: entry("invalid_client_metadata", 400, "error", "A registration whose metadata breaks a rule (RFC 7591)."),
  INVALID_REDIRECT_URI: entry("invalid_redirect_uri", 400, "error", "A registration whose redirect URI breaks a rule (RFC 7591)."),
  SLOW_DOWN: entry("slow_down", 400, "error", "A device code polled again within its interval (RFC 8628)."),
  TOO_MANY_REQUESTS: entry("too_many_requests", 429, "error", "Too many client registrations from one address, with `Retry-After`."),
  NOT_FOUND: entry("not_found", 404, "error", "A hosted identity provider (`IDENTITY_PROVIDER_URL`) is the authorization server: the answer names it."),
  SERVED_BY_NODE_ENTRY: entry("temporarily_unavailable", 503, "error", "An endpoint of the authorization server asked of a host other than `npm start` (remix-serve)."),
} as const;

/** A deployed tool's answers as an OAuth protected resource (rest/app-proxy-resource.ts, ADR 039). */
export const TOOL_RESOURCE_CODES = {
  METADATA_NOT_FOUND: entry("not_found", 404, "error", "The path-suffix form of a tool's resource metadata: one resource per tool."),
  METADATA_METHOD: entry("method_not_allowed", 405, "error", "The resource metadata asked with another method than GET or HEAD."),
  NO_TOKEN: entry("unauthorized", 401, "error", "A request to a members-only tool without a usable access token, with `WWW-Authenticate`."),
} as const;

/** The whole catalog, for the reference: each group in the order above. */
export const errorCatalog: ReadonlyArray<{ group: string; entries: Record<string, ErrorCodeEntry> }> = [
  { group: "Service errors", entries: MESSAGE_CODES },
  { group: "OAuth starts", entries: OAUTH_START },
  { group: "OAuth callbacks", entries: OAUTH_CALLBACK },
  { group: "Provider proxy", entries: PROVIDER_PROXY },
  { group: "Identity provider", entries: IDENTITY },
  { group: "Authorization server", entries: OAUTH_SERVER_CODES },
  { group: "Tool resources", entries: TOOL_RESOURCE_CODES },
];
