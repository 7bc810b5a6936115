/**
 * The one rule for "where may we send the browser next" (sign-in `redirectTo`, and the
 * OAuth `returnTo` check): a path on our own origin, decided by the WHATWG URL parser, not
 * by prefix tests. Browsers silently drop tabs and newlines from a Location and treat `\`
 * as `/`, so `/\t/evil.com` or `/\evil.com` would leave the site; such values are refused
 * outright rather than cleaned up.
 */

/** C0/C1 controls, every Unicode space or separator, backslashes, lone surrogates. */
const FORBIDDEN = /[\p{Cc}\p{Z}\s\\\p{Cs}]/u;
const MAX_LENGTH = 2048;

function decodedOrNull(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The normalised same-origin path (`/x?y#z`) for `value`, or null when it is anything
 * else: absolute or protocol-relative URLs, `javascript:`, encoded escapes of the same
 * (`/%2F%2Fevil.com`, `/%5Cevil.com`, `/%09`), dot segments that climb to `//host`.
 */
export function sameOriginPath(value: unknown, baseUrl: string): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//") || FORBIDDEN.test(value)) return null;
  const decoded = decodedOrNull(value);
  if (decoded === null || /\p{Cc}|\\/u.test(decoded)) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(baseUrl);
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  // `/..//evil.com` parses to the path `//evil.com`: as a Location that is another host.
  const decodedPath = decodedOrNull(url.pathname);
  if (decodedPath === null || decodedPath.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
