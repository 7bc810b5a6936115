import { getConfig } from "../platform/config";
import { isRedirectUrlAllowed } from "../platform/security/redirect-allow-list";
import { compileUriGlob, type UriGlob } from "../platform/security/uri-glob";

/**
 * Where a link sends the browser after signing in (GoTrue's `redirect_to`, auth-js's
 * `emailRedirectTo`, `redirectTo`): what GoTrue accepts, BASE_URL's host and URI_ALLOW_LIST
 * (ADR 076), as the browser will read it. Anything else, or nothing, falls back to BASE_URL,
 * so a link never hands tokens to a site the operator did not name.
 */
export function redirectTarget(requested: unknown): string {
  const { baseUrl, URI_ALLOW_LIST } = getConfig();
  if (typeof requested !== "string" || !isRedirectUrlAllowed(baseUrl, compiled(URI_ALLOW_LIST), requested)) return baseUrl;
  return new URL(requested).href;
}

/** The list compiled once per loaded configuration (tests reload it with other values). */
const compiledLists = new WeakMap<readonly string[], UriGlob[]>();
function compiled(patterns: readonly string[]): UriGlob[] {
  let list = compiledLists.get(patterns);
  if (!list) compiledLists.set(patterns, (list = patterns.map(compileUriGlob)));
  return list;
}
