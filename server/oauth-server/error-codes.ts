/**
 * The authorization server's own error codes: RFC 6749's `{ error, error_description }` answers
 * that rest/oauth-server.ts writes before a request reaches the library (ADR 037, ADR 068); the
 * library's own answers are its own. Listed by server/start/error-catalog.ts.
 */
import { errorEntry, type AreaErrorCodes } from "../platform/error-codes";
import { OAUTH_CLIENTS } from "./oauth-clients/error-codes";

export { OAUTH_CLIENTS };

export const OAUTH_SERVER_CODES = {
  INVALID_REQUEST: errorEntry("invalid_request", 400, "oauth", "A value holding NUL or broken UTF-16, a JSON body that does not parse or is not an object of strings."),
  USERINFO_METHOD: errorEntry("invalid_request", 405, "oauth", "userinfo asked with another method than GET or POST."),
  BODY_TOO_LARGE: errorEntry("invalid_request", 413, "oauth", "A body over 56 KB (the library's own limit)."),
  INVALID_CLIENT: errorEntry("invalid_client", 401, "oauth", "A client ID metadata document that cannot be used."),
  INVALID_CLIENT_METADATA: errorEntry("invalid_client_metadata", 400, "oauth", "A registration whose metadata breaks a rule (RFC 7591)."),
  INVALID_REDIRECT_URI: errorEntry("invalid_redirect_uri", 400, "oauth", "A registration whose redirect URI breaks a rule (RFC 7591)."),
  SLOW_DOWN: errorEntry("slow_down", 400, "oauth", "A device code polled again within its interval (RFC 8628)."),
  TOO_MANY_REQUESTS: errorEntry("too_many_requests", 429, "oauth", "Too many client registrations from one address, with `Retry-After`."),
  NOT_FOUND: errorEntry("not_found", 404, "oauth", "A hosted identity provider (`IDENTITY_PROVIDER_URL`) is the authorization server: the answer names it."),
  DATABASE_UNAVAILABLE: errorEntry("temporarily_unavailable", 503, "oauth", "PostgreSQL could not be reached: nothing was spent or written; the same request works once it is back (`Retry-After`)."),
  SERVER_ERROR: errorEntry("server_error", 500, "oauth", "An unexpected failure at a JSON endpoint of the authorization server (a browser's endpoint shows a page)."),
  SERVED_BY_NODE_ENTRY: errorEntry("temporarily_unavailable", 503, "oauth", "An endpoint of the authorization server asked of a host other than `npm start` (remix-serve)."),
} as const;

export const OAUTH_SERVER_ERROR_CODES: AreaErrorCodes = {
  area: "oauth-server",
  groups: [
    { group: "Authorization server", entries: OAUTH_SERVER_CODES },
    { group: "Identity provider", entries: OAUTH_CLIENTS },
  ],
};
