import { getConfig } from "../../server/platform/config";
import { sameOriginPath } from "../../server/platform/security/same-origin-path";

/** Only paths on this service's own origin (server/platform/security/same-origin-path.ts); else the fallback. */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  return sameOriginPath(value, getConfig().baseUrl) ?? fallback;
}
