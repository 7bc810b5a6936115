import { getConfig } from "../platform/config";
import { SESSION_LIFETIME_MS } from "./refresh-tokens";

export const SESSION_COOKIE = "svc_session";
const SEPARATOR = "~";

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
  return `${SESSION_COOKIE}=${encodeSessionCookie(accessToken, refreshToken)}; ${attributes(Math.floor(SESSION_LIFETIME_MS / 1000))}`;
}

export function sessionClearCookie(): string {
  return `${SESSION_COOKIE}=; ${attributes(0)}`;
}

/** Reads one cookie without parsing the whole header (this runs on every request). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let from = 0;
  while (from < header.length) {
    const at = header.indexOf(name, from);
    if (at === -1) return undefined;
    const before = at === 0 ? " " : header[at - 1];
    if ((before === " " || before === ";") && header[at + name.length] === "=") {
      const start = at + name.length + 1;
      const end = header.indexOf(";", start);
      return header.slice(start, end === -1 ? undefined : end).trim();
    }
    from = at + name.length;
  }
  return undefined;
}
