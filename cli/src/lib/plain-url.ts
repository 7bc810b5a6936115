/**
 * `value` as a URL of one of `schemes` (with their colon, e.g. `"https:"`) that carries no
 * credentials, query or fragment; else null. The API base and the broker URL are judged alike.
 */
export function plainUrl(value: string, schemes: readonly string[]): URL | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  if (!schemes.includes(url.protocol) || url.username || url.password || url.search || url.hash) return null;
  return url;
}

/** A path without its trailing slashes. */
export const withoutTrailingSlashes = (pathname: string): string => pathname.replace(/\/+$/, "");
