import { getConfig } from "../platform/config";

/**
 * Where a mailed link sends the browser after signing in (GoTrue's `redirect_to`, auth-js's
 * `emailRedirectTo`). GoTrue allows its site URL and an allow list; here the service's own
 * origin (BASE_URL) is the whole list, so a link never hands tokens to another site.
 * Anything else, or nothing, falls back to BASE_URL.
 */
export function redirectTarget(requested: unknown): string {
  const { baseUrl } = getConfig();
  if (typeof requested !== "string" || requested === "" || requested.length > 2048) return baseUrl;
  try {
    const url = new URL(requested);
    return url.origin === new URL(baseUrl).origin ? url.href : baseUrl;
  } catch {
    return baseUrl;
  }
}
