import { isIP } from "node:net";
import type { UriGlob } from "./uri-glob";

/**
 * GoTrue's `IsRedirectURLValid` (internal/utilities/request.go): may a `redirect_to` receive
 * a session? ADR 076. In GoTrue's order:
 *   1. the site URL's scheme and host, and its port (any port when the host is loopback,
 *      RFC 8252 7.3: native apps listen on a port of their choosing);
 *   2. an IP address only when it is loopback (a listed one too: GoTrue returns here);
 *   3. an http(s) host with unusual characters never;
 *   4. else a URI_ALLOW_LIST pattern matching the URL without its fragment.
 * Stricter than GoTrue where a browser and Go's parser would disagree about the host, because
 * tokens go wherever the browser goes: control characters, backslashes and user-info are
 * refused, a pattern must match the URL as the browser reads it (WHATWG), and script or
 * document schemes (`javascript:`, `data:` …) are never a target even under `**`.
 */
export function isRedirectUrlAllowed(siteUrl: string, allowList: readonly UriGlob[], requested: string): boolean {
  if (requested === "" || requested.length > MAX_REDIRECT_LENGTH) return false;
  // Go's url.Parse refuses control characters; WHATWG would drop some silently and read
  // `\` as `/`, so a check on one reading and a redirect on the other could part ways.
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(requested)) return false;
  const site = parse(siteUrl);
  const target = parse(requested);
  if (!site || !target) return false;
  if (target.username !== "" || target.password !== "") return false;
  if (NEVER_SCHEMES.has(target.protocol)) return false;

  const host = bare(target.hostname);
  if (bare(site.hostname) === host && site.protocol === target.protocol && (site.port === target.port || isLocalhost(host))) return true;

  const written = hostAsWritten(requested);
  if (/^[0-9]+$/.test(written ?? host)) return false;
  if (written !== null && (target.protocol === "http:" || target.protocol === "https:") && written !== host) return false;
  if (isIP(host)) return isLoopback(host);
  const isHttp = target.protocol === "http:" || target.protocol === "https:";
  if (isHttp && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(host)) return false;

  const candidates = readings(requested, target);
  return allowList.some((pattern) => candidates.every((candidate) => pattern.test(candidate)));
}

/** A longer `redirect_to` is no one's app: refused before any parsing or matching. */
export const MAX_REDIRECT_LENGTH = 2048;

const NEVER_SCHEMES = new Set(["javascript:", "data:", "vbscript:", "file:", "blob:", "about:"]);

const parse = (value: string): URL | null => (URL.canParse(value) ? new URL(value) : null);

/** WHATWG keeps IPv6 hosts in brackets; Go's Hostname() does not. */
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();

/** GoTrue's isLocalhost (internal/utilities/url_validator.go). */
function isLocalhost(host: string): boolean {
  return ["localhost", "127.0.0.1", "::1", "0.0.0.0", "::"].includes(host) || host.endsWith(".localhost");
}

/** Go's net.IP.IsLoopback: 127.0.0.0/8, ::1, and 127/8 mapped into IPv6 (WHATWG writes ::ffff:7fxx:xxxx). */
function isLoopback(ip: string): boolean {
  if (isIP(ip) === 4) return ip.startsWith("127.");
  return ip === "::1" || /^::ffff:(127\.|7f[0-9a-f]{2}:)/.test(ip);
}

/**
 * What a pattern must match: the string as sent without its fragment (GoTrue's reading) and
 * the browser's reading of it. The second stops `https://evil?.example.com` from passing
 * `https://*.example.com/**`, whose `*` GoTrue lets swallow the `?` (the host is `evil`).
 * When the sender wrote nothing after the host (`http://localhost:5173`), the browser's added
 * `/` is not held against an exact pattern without one.
 */
function readings(requested: string, url: URL): string[] {
  const asSent = requested.split("#", 1)[0]!;
  const bareOrigin = `${url.protocol}//${url.host}`;
  return [asSent, url.host !== "" && asSent.toLowerCase() === bareOrigin ? bareOrigin : url.href.split("#", 1)[0]!];
}

/**
 * The host as written, when the scheme has one: what GoTrue (Go's parser) would read. A
 * browser reads `http://2130706434/` or `http://0x7f.1/` as 127.0.0.x; GoTrue refuses the
 * first and would list-match the second by its spelling, so an http(s) host must be spelled
 * as the browser will read it.
 */
function hostAsWritten(requested: string): string | null {
  const authority = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/([^/?#]*)/.exec(requested)?.[1];
  if (authority === undefined) return null;
  const bracketed = /^\[(.*)\](:\d*)?$/.exec(authority);
  return (bracketed ? bracketed[1]! : authority.replace(/:\d*$/, "")).toLowerCase();
}
