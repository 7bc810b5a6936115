import { getConfig } from "../platform/config";
import { SESSION_LIFETIME_MS } from "./tokens/refresh-tokens";

/**
 * The session cookie's name on an http origin (localhost development, the tests). On an https
 * origin it is `__Host-svc_session` (ADR 059): the browser then takes it only as Secure, with
 * `Path=/` and no `Domain`, set by this host itself, so no sibling host (a deployed tool under
 * the same parent domain) can set or shadow it.
 */
export const SESSION_COOKIE = "svc_session";
export const HOST_SESSION_COOKIE = "__Host-svc_session";
const SEPARATOR = "~";

/** The name the session cookie has, and the only one read, for BASE_URL's scheme. */
export function sessionCookieName(): string {
  return getConfig().secureCookies ? HOST_SESSION_COOKIE : SESSION_COOKIE;
}

/** The cookie carries the provider session: access token and refresh token. */
export function encodeSessionCookie(accessToken: string, refreshToken: string): string {
  return `${accessToken}${SEPARATOR}${refreshToken}`;
}

export function decodeSessionCookie(value: string): { accessToken: string; refreshToken: string } | null {
  const at = value.indexOf(SEPARATOR);
  if (at <= 0 || at === value.length - 1) return null;
  return { accessToken: value.slice(0, at), refreshToken: value.slice(at + 1) };
}

function attributes(maxAgeSeconds: number): string {
  const secure = getConfig().secureCookies ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export function sessionSetCookie(accessToken: string, refreshToken: string): string {
  return `${sessionCookieName()}=${encodeSessionCookie(accessToken, refreshToken)}; ${attributes(Math.floor(SESSION_LIFETIME_MS / 1000))}`;
}

export function sessionClearCookie(): string {
  return `${sessionCookieName()}=; ${attributes(0)}`;
}

/**
 * The session cookie's value; undefined when there is none, or more than one. Two cookies of
 * the session's name mean someone else set one beside ours (a sibling host with `Domain=`, or
 * a longer `Path` that sorts first): neither is trusted, the request is signed out.
 */
export function readSessionCookie(header: string | null | undefined): string | undefined {
  return readSoleCookie(header, sessionCookieName());
}

/** Where the cookie `name` starts in `header` at or after `from` (its `name=`), or -1. */
function cookieAt(header: string, name: string, from: number): number {
  while (from < header.length) {
    const at = header.indexOf(name, from);
    if (at === -1) return -1;
    const before = at === 0 ? " " : header[at - 1];
    if ((before === " " || before === ";") && header[at + name.length] === "=") return at;
    from = at + name.length;
  }
  return -1;
}

function valueAt(header: string, at: number, name: string): string {
  const start = at + name.length + 1;
  const end = header.indexOf(";", start);
  return header.slice(start, end === -1 ? undefined : end).trim();
}

/** Reads one cookie without parsing the whole header (this runs on every request); the first of several. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const at = cookieAt(header, name, 0);
  return at === -1 ? undefined : valueAt(header, at, name);
}

/** Like readCookie, but undefined when the header carries the cookie more than once. */
export function readSoleCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const at = cookieAt(header, name, 0);
  if (at === -1 || cookieAt(header, name, at + name.length) !== -1) return undefined;
  return valueAt(header, at, name);
}
