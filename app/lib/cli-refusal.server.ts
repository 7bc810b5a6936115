import { getConfig } from "../../server/platform/config";
import { parseLoopbackCallback } from "./loopback-callback";

/**
 * SPEC 4.6 step 3 sends a signed-in non-administrator from `/dev/cli-bootstrap` straight to
 * `/dashboard` (a redirect, nothing else). The `svc login` waiting on this computer should
 * still hear at once that no key is coming, so the redirect carries its loopback address in
 * this short-lived cookie, scoped to /dashboard; the dashboard reads it once, clears it and
 * tells the CLI from the browser (POST `{ refused: "not_admin" }`, ADR 034, ADR 063).
 */
export const CLI_REFUSAL_COOKIE = "svc_cli_refused";
const LIFETIME_SECONDS = 120;

function attributes(maxAgeSeconds: number): string {
  const secure = getConfig().secureCookies ? "; Secure" : "";
  return `Path=/dashboard; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export function cliRefusalSetCookie(callbackUrl: string): string {
  return `${CLI_REFUSAL_COOKIE}=${encodeURIComponent(callbackUrl)}; ${attributes(LIFETIME_SECONDS)}`;
}

export function cliRefusalClearCookie(): string {
  return `${CLI_REFUSAL_COOKIE}=; ${attributes(0)}`;
}

/** The waiting CLI's loopback address from the request's cookie, or null (absent, or not a loopback `/done`). */
export function cliRefusalCallback(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== CLI_REFUSAL_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return null;
    }
    const callback = parseLoopbackCallback(value);
    return callback.ok ? callback.url : null;
  }
  return null;
}
