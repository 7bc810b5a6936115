/**
 * Every address of the authorization server, written once (issue 29): oidc-provider's `routes`
 * (relative to the issuer, where the library is mounted), the full paths the HTTP edge declares
 * and serves, the metadata document, and the public CORS rules are all built from these.
 */

/** The issuer's path: the library is mounted here and builds its URLs below it. */
export const ISSUER_PATH = "/auth/v1";

/** oidc-provider's `routes`, relative to the issuer. */
export const OAUTH_ROUTES = {
  authorization: "/oauth/authorize",
  token: "/oauth/token",
  registration: "/oauth/register",
  revocation: "/oauth/revoke",
  introspection: "/oauth/introspect",
  device_authorization: "/oauth/device/code",
  code_verification: "/oauth/device",
  userinfo: "/oauth/userinfo",
  end_session: "/oauth/logout",
  pushed_authorization_request: "/oauth/par",
  // The built-in provider's existing key set: the same keys sign sessions and OAuth tokens.
  jwks: "/.well-known/jwks.json",
} as const;

/** Where every endpoint of the authorization server lives (the library's and ours). */
export const OAUTH_PREFIX = `${ISSUER_PATH}/oauth/`;

/** The full paths the edge serves and documents. */
export const OAUTH_PATHS = {
  authorize: `${ISSUER_PATH}${OAUTH_ROUTES.authorization}`,
  token: `${ISSUER_PATH}${OAUTH_ROUTES.token}`,
  register: `${ISSUER_PATH}${OAUTH_ROUTES.registration}`,
  revoke: `${ISSUER_PATH}${OAUTH_ROUTES.revocation}`,
  introspect: `${ISSUER_PATH}${OAUTH_ROUTES.introspection}`,
  deviceCode: `${ISSUER_PATH}${OAUTH_ROUTES.device_authorization}`,
  device: `${ISSUER_PATH}${OAUTH_ROUTES.code_verification}`,
  userinfo: `${ISSUER_PATH}${OAUTH_ROUTES.userinfo}`,
  /** Ours, not the library's: `{uid}`, then `/approve` or `/deny`. */
  interaction: `${OAUTH_PREFIX}interaction/`,
} as const;

/** The interaction (sign-in, then consent) the library sends a browser to. */
export const interactionPath = (uid: string): string => `${OAUTH_PATHS.interaction}${uid}`;
