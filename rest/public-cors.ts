import type { IncomingMessage, ServerResponse } from "node:http";
import { ISSUER_PATH, OAUTH_PATHS } from "../server/oauth-server";
import { rawRoute } from "./raw-route";

/**
 * Cross-origin reads for the APIs that browser applications on other origins call with a
 * bearer token, never with a cookie: the drop-in GoTrue API (`/auth/v1/...`, as GoTrue itself
 * serves it to `@supabase/auth-js` in a browser), the authorization server's metadata and the
 * endpoints of it that the library leaves to us (registration, userinfo), and a deployed tool
 * reached with an access token (docs/decisions/039). `Access-Control-Allow-Origin: *` and
 * never `Allow-Credentials`: a browser does not send, and no page can read an answer to, a
 * request carrying our cookies, so the dashboard's session stays same-origin only.
 */

/** What a cross-origin caller may read besides the CORS-safelisted headers. */
const EXPOSED = "WWW-Authenticate, Retry-After, X-Request-Id, X-Total-Count, Link, X-Supabase-Api-Version, Mcp-Session-Id";
const METHODS = "GET, POST, PUT, PATCH, DELETE";
/** Chromium's ceiling for caching a preflight. */
const PREFLIGHT_MAX_AGE_SECONDS = "7200";

/** A CORS preflight: OPTIONS from a page, asking before its real request. It never carries credentials. */
export function isPreflight(req: IncomingMessage): boolean {
  return req.method === "OPTIONS" && req.headers.origin !== undefined && req.headers["access-control-request-method"] !== undefined;
}

/** Allows the real request that the preflight announces (any method above, the headers it names). */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  const headers: Record<string, string> = {
    "access-control-allow-origin": "*",
    "access-control-allow-methods": METHODS,
    "access-control-max-age": PREFLIGHT_MAX_AGE_SECONDS,
    vary: "Access-Control-Request-Headers",
    "content-length": "0",
  };
  const asked = req.headers["access-control-request-headers"];
  if (asked) headers["access-control-allow-headers"] = asked;
  res.writeHead(204, headers);
  res.end();
}

/** The headers that let a page on another origin read the answer. */
export const READABLE_FROM_ANY_ORIGIN: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": EXPOSED,
};

/** Paths under the authorization server that the library serves with its own CORS policy (per client). */
const LIBRARY_CORS: ReadonlySet<string> = new Set([OAUTH_PATHS.token, OAUTH_PATHS.revoke, OAUTH_PATHS.introspect, OAUTH_PATHS.deviceCode]);
/** Browser navigations and same-origin form posts of ours: no cross-origin reader. */
const PAGES = [OAUTH_PATHS.authorize, OAUTH_PATHS.interaction];

/** The edge's public bearer APIs (see above), by path. */
export function hasPublicCors(url: string | undefined): boolean {
  if (!url) return false;
  if (url.startsWith(`${ISSUER_PATH}/`)) {
    const query = url.indexOf("?");
    return !LIBRARY_CORS.has(query === -1 ? url : url.slice(0, query)) && !PAGES.some((page) => url.startsWith(page));
  }
  return url.startsWith("/.well-known/oauth-authorization-server/");
}

/** A request from a page on another origin to a public bearer API. */
const fromAnotherOriginToPublicApi = (req: IncomingMessage) => req.headers.origin !== undefined && hasPublicCors(req.url);

/** Its preflight is answered here, never counted in the metrics. */
export const publicCorsPreflightRoute = rawRoute({ when: (req) => isPreflight(req) && hasPublicCors(req.url), serve: answerPreflight });

/** Its real request is served as usual, the answer marked readable from any origin. */
export const publicCorsReadableRoute = rawRoute({ when: fromAnotherOriginToPublicApi, headers: READABLE_FROM_ANY_ORIGIN });

/** Adds READABLE_FROM_ANY_ORIGIN to a tool's raw answer headers unless the tool chose its own CORS answer. */
export function readableUnlessToolDecided(headers: string[]): string[] {
  for (let i = 0; i < headers.length; i += 2) if (headers[i]!.toLowerCase() === "access-control-allow-origin") return headers;
  for (const [name, value] of Object.entries(READABLE_FROM_ANY_ORIGIN)) headers.push(name, value);
  return headers;
}
