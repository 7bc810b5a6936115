import { APP_SESSION_COOKIE } from "./app-sessions";
import { carriesOurCredential } from "./our-credentials";

/**
 * Cookies between a visitor and a deployed tool (issue 27, docs/decisions/059).
 *
 * From the tool: a Set-Cookie the proxy passes on never reaches beyond the tool's own host.
 * Its `Domain` attribute is dropped (the cookie becomes host-only for the tool's host), so a
 * tool at `x.apps.example.com` cannot set a cookie for `example.com` and the dashboard beside
 * it; one that uses a name of the service's own (`svc_session`, `__Host-svc_session`, the
 * OAuth state cookies `svc_oauth_*`, any `svc_` name) or has no name at all (which a browser
 * sends as a bare `value`, so `=svc_session=x` would arrive as `svc_session=x`) is dropped.
 *
 * `Clear-Site-Data` loses its `"cookies"` and `"*"` directives: a browser clears cookies for
 * the whole registrable domain, which on a shared parent would sign visitors out of the
 * dashboard; what is the tool's origin's alone (`"cache"`, `"storage"`, ...) stays.
 *
 * To the tool: the visitor's Cookie header without our app-session cookie, without any of
 * the service's own names, and without any cookie whose value carries one of our credentials.
 */

/** `svc_…`, `__Host-svc_…`, `__Secure-svc_…`, in any case: the service's cookie names. */
export function isServiceCookieName(name: string): boolean {
  let lower = name.trim().toLowerCase();
  if (lower.startsWith("__host-")) lower = lower.slice(7);
  else if (lower.startsWith("__secure-")) lower = lower.slice(9);
  return lower.startsWith("svc_");
}

/** A tool's Set-Cookie line as the visitor gets it: host-only, or null when it is dropped. */
export function toolSetCookie(line: string): string | null {
  const parts = line.split(";");
  const pair = parts[0]!;
  const eq = pair.indexOf("=");
  if (eq === -1) return null;
  const name = pair.slice(0, eq).trim();
  if (name === "" || isServiceCookieName(name)) return null;
  // Most cookies name no Domain: nothing to rewrite.
  if (!/domain/i.test(line)) return line;
  const kept = [pair];
  for (let i = 1; i < parts.length; i += 1) {
    const attribute = parts[i]!;
    const at = attribute.indexOf("=");
    if ((at === -1 ? attribute : attribute.slice(0, at)).trim().toLowerCase() === "domain") continue;
    kept.push(attribute);
  }
  return kept.join(";");
}

/** A tool's Clear-Site-Data without the directives that reach beyond its origin; null when none is left. */
export function toolClearSiteData(value: string): string | null {
  const kept = value.split(",").filter((directive) => {
    const bare = directive.trim().replace(/^"|"$/g, "").toLowerCase();
    return bare !== "" && bare !== "cookies" && bare !== "*";
  });
  return kept.length ? kept.map((directive) => directive.trim()).join(", ") : null;
}

const SCOPED: Record<string, (value: string) => string | null> = {
  "set-cookie": toolSetCookie,
  "set-cookie2": () => null,
  "clear-site-data": toolClearSiteData,
};

/**
 * A flat `[name, value, ...]` response header list with every Set-Cookie made host-only (or
 * dropped) and Clear-Site-Data kept to the tool's origin.
 */
export function withToolCookiesScoped(headers: string[]): string[] {
  let out: string[] | null = null;
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!;
    const scope = name.length === 10 || name.length === 11 || name.length === 15 ? SCOPED[name.toLowerCase()] : undefined;
    if (scope === undefined) {
      out?.push(name, headers[i + 1]!);
      continue;
    }
    out ??= headers.slice(0, i);
    const scoped = scope(headers[i + 1]!);
    if (scoped !== null) out.push(name, scoped);
  }
  return out ?? headers;
}

/** The visitor's Cookie header as the tool gets it; null when nothing is left. */
export function cookieForTool(header: string): string | null {
  const kept: string[] = [];
  for (const part of header.split(";")) {
    const pair = part.trim();
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const name = eq === -1 ? "" : pair.slice(0, eq).trim();
    // A cookie value is no Basic credential: no base64 decoding on this hot path.
    if (name === APP_SESSION_COOKIE || isServiceCookieName(name) || carriesOurCredential(pair, { base64: false })) continue;
    kept.push(pair);
  }
  return kept.length ? kept.join("; ") : null;
}

/** The Authorization value as the tool gets it: null when it carries a credential of ours. */
export function authorizationForTool(value: string): string | null {
  return carriesOurCredential(value) ? null : value;
}
