/**
 * The connections area's error codes: the OAuth starts and callbacks (SPEC 4.1), the provider
 * proxy, and the broker's refusal to delete. Listed in the catalog by server/start/error-catalog.ts.
 */
import { appErrorCode, errorEntry, SERVICE_ERRORS, type AreaErrorCodes } from "../platform/error-codes";

/** `{ message, error, detail }` bodies of the connections' own JSON errors. */
export const CONNECTION_CODES = {
  BROKER_DELETE_FAILED: errorEntry("broker_delete_failed", 502, "message", "Disconnecting a broker-managed connection the broker would not delete (the connection is kept)."),
} as const;

/** The connections' own AppError codes. */
export const CONNECTION_APP_ERRORS = {
  BROKER_FAILED: appErrorCode("BROKER_FAILED", 502),
} as const;

/** SPEC 4.1's `{ error, detail? }` answers of the OAuth starts, the connect wizard and the popup's fallback result. */
export const OAUTH_START = {
  UNAUTHORIZED: errorEntry("unauthorized", 401, "error", "No session."),
  INVALID_APP_KEY: errorEntry("invalid_app_key", 401, "error", "`app_key` is not a live key of the workspace."),
  FORBIDDEN: errorEntry("forbidden", 403, "error", "A viewer may not manage connections."),
  NO_TENANT: errorEntry("no_tenant", 404, "error", "The user has no workspace."),
  PROVIDER_UNKNOWN: errorEntry("provider_unknown", 404, "error", "The slug is not in the catalog, or not served by this flow."),
  INVALID_RETURN_TO: errorEntry("invalid_return_to", 400, "error", "`returnTo` is not a same-origin path."),
  INVALID_STATE: errorEntry("invalid_state", 400, "error", "`state` is too long."),
  INVALID_SDK_NONCE: errorEntry("invalid_sdk_nonce", 400, "error", "`sdk_nonce` has not the nonce's form."),
  OPENER_ORIGIN_NOT_ALLOWED: errorEntry("opener_origin_not_allowed", 400, "error", "`opener_origin` is not an allowed origin of the app."),
  OAUTH_CLIENT_CONFIG_MISSING: errorEntry("oauth_client_config_missing", 500, "error", "The catalog row lacks `authorize_url` or `token_url`."),
  CLIENT_ID_MISSING: errorEntry("<PROVIDER>_OAUTH_CLIENT_ID missing", 500, "error", "The provider's client-id environment variable is unset (the code names it)."),
  ENCRYPTION_KEY_UNAVAILABLE: errorEntry("encryption_key_unavailable", 500, "error", "`INTEGRATION_ENCRYPTION_KEY` is unset."),
  BROKER_AUTH_CONFIG_MISSING: errorEntry("broker_auth_config_missing", 500, "error", "The catalog row's broker has no `auth_config_id`."),
  BROKER_INITIATE_FAILED: errorEntry("broker_initiate_failed", 502, "error", "The broker refused to start the connection."),
  BROKER_NO_REDIRECT_URL: errorEntry("broker_no_redirect_url", 502, "error", "The broker answered no usable redirect URL."),
  WIZARD_NEEDS_APP: errorEntry("invalid_app_key", 400, "error", "The connect wizard was opened without `embed=1` and an `app_key`."),
  WIZARD_CONNECTION_NOT_FOUND: errorEntry("connection_not_found", 404, "error", "The connect wizard was given a connection of another provider or none."),
  RECONNECT_NOT_FOUND: errorEntry("connection_not_found", 404, "error", "`reconnect` names no connection of the workspace for this provider."),
} as const;

/** SPEC 4.1's callback failures: the popup page answers with the status and posts the code. */
export const OAUTH_CALLBACK = {
  PROVIDER_UNKNOWN: errorEntry("provider_unknown", 400, "popup", "The provider is not served by this callback."),
  OAUTH_STATE_INVALID: errorEntry("oauth_state_invalid", 400, "popup", "The state is unknown, expired, already used, or its user left the workspace."),
  MISSING_PARAMS: errorEntry("missing_params", 400, "popup", "The provider's answer lacked `code` or `state` (or the picker's form its choice)."),
  MISSING_CSTATE: errorEntry("missing_cstate", 400, "popup", "The broker's answer lacked `cstate`."),
  MISSING_BROKER_ACCOUNT_ID: errorEntry("missing_broker_account_id", 400, "popup", "The broker's answer lacked `connected_account_id`."),
  BROKER_NOT_ACTIVE: errorEntry("broker_not_active", 400, "popup", "The broker's account is not active."),
  PROVIDER_REFUSED: errorEntry("<the provider's error>", 400, "popup", "The provider or broker answered `?error=`; its value (cleaned, `access_denied` when empty) is the code."),
  ENCRYPTION_KEY_UNAVAILABLE: errorEntry("encryption_key_unavailable", 500, "popup", "`INTEGRATION_ENCRYPTION_KEY` is unset."),
  DB_INSERT_FAILED: errorEntry("db_insert_failed", 500, "popup", "The connection could not be saved."),
  OAUTH_EXCHANGE_FAILED: errorEntry("oauth_exchange_failed", 502, "popup", "The provider's token or discovery request failed."),
  BROKER_GET_FAILED: errorEntry("broker_get_failed", 502, "popup", "The broker's account could not be read."),
  RECONNECT_ACCOUNT_MISMATCH: errorEntry("reconnect_account_mismatch", 409, "popup", "A reconnect signed in to another provider account than the connection's; start it again with `switch_account=1` to switch the connection to that account."),
  ACCOUNT_ALREADY_CONNECTED: errorEntry("account_already_connected", 409, "popup", "A reconnect switching to a provider account that another connection of the workspace already holds."),
  RECONNECT_TARGET_GONE: errorEntry("connection_not_found", 404, "popup", "The connection being reconnected was disconnected meanwhile."),
  SERVICE_UNAVAILABLE: errorEntry("service_unavailable", 503, "popup", "The database is unreachable mid-callback."),
} as const;

/** The provider proxy's `{ error, detail? }` answers (issue 7 section 7). */
export const PROVIDER_PROXY = {
  INVALID_PATH: errorEntry("invalid_path", 400, "error", "The path starts with `//`, is not valid percent-encoding, or has dot segments or encoded slashes."),
  CONNECTION_NOT_FOUND: errorEntry("connection_not_found", 404, "error", "No connection is bound to the key's app for the provider."),
  CONNECTION_NEEDS_REAUTH: errorEntry("connection_needs_reauth", 409, "error", "The bound connection needs a person to connect the account again (its state is `needs_reauth`); the answer names it as `connection_id`, and the provider is not called."),
  PAYLOAD_TOO_LARGE: errorEntry("payload_too_large", 413, "error", "A body over the broker's or the edge's limit."),
  OAUTH_CLIENT_CONFIG_MISSING: errorEntry("oauth_client_config_missing", 500, "error", "The catalog row or the client id the call needs is missing."),
  ENCRYPTION_KEY_UNAVAILABLE: errorEntry("encryption_key_unavailable", 500, "error", "The stored credential cannot be decrypted."),
  TOKEN_REFRESH_FAILED: errorEntry("token_refresh_failed", 502, "error", "The token expired and could not be refreshed."),
  BROKER_PROXY_FAILED: errorEntry("broker_proxy_failed", 502, "error", "The broker's proxy call failed."),
  UPSTREAM_UNREACHABLE: errorEntry("upstream_unreachable", 502, "error", "The provider could not be reached."),
  UPSTREAM_TIMEOUT: errorEntry("upstream_timeout", 504, "error", "The provider did not answer in time."),
} as const;

export const CONNECTION_ERROR_CODES: AreaErrorCodes = {
  area: "connections",
  groups: [
    { group: SERVICE_ERRORS, entries: CONNECTION_CODES },
    { group: "OAuth starts", entries: OAUTH_START },
    { group: "OAuth callbacks", entries: OAUTH_CALLBACK },
    { group: "Provider proxy", entries: PROVIDER_PROXY },
  ],
  thrown: CONNECTION_APP_ERRORS,
};
