import { getConfig } from "../server/platform/config";
import type { HeaderReader } from "./plain-answer";

export const CROSS_ORIGIN_MESSAGE = "Cross-origin request refused: this action must come from the service's own pages";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

let cachedBase: { url: string; origin: string } | undefined;
function baseOrigin(): string {
  const url = getConfig().baseUrl;
  if (cachedBase?.url !== url) cachedBase = { url, origin: new URL(url).origin };
  return cachedBase.origin;
}

/**
 * Cross-site request forgery protection for everything a session cookie authorizes, decided
 * as Go 1.25's `http.CrossOriginProtection` does. SameSite=Lax is not enough: it lets a page
 * on another port of the same host (same site, other origin) post with the cookie.
 *  - `Sec-Fetch-Site` (every current browser sends it): `same-origin` or `none` (typed in
 *    the address bar, a bookmark) pass; `same-site` and `cross-site` are refused.
 *  - Otherwise `Origin` must equal the origin of BASE_URL, scheme and port included. It is
 *    never compared with `Host`, which the requester chooses.
 *  - Neither header: not a browser (curl, the CLI, a server), which attaches no cookie of
 *    its own accord, so it passes.
 * True when the request must be refused.
 */
export function isCrossOriginWrite(method: string, header: HeaderReader): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const site = header("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = header("origin");
  if (!origin) return false;
  return origin !== baseOrigin();
}
