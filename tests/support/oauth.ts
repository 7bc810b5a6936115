import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A browser's cookie jar, by hand: keeps each cookie with its Path and sends it only to
 * paths under it, as a browser does (the OAuth state cookies are scoped to one callback).
 */
export class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  take(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith("path="))?.slice(5) ?? "/";
      const maxAge = attributes.find((a) => a.toLowerCase().startsWith("max-age="));
      if (maxAge === "Max-Age=0" || value === "") this.cookies.delete(`${name}|${path}`);
      else this.cookies.set(`${name}|${path}`, { value, path });
    }
  }

  header(pathname: string, extra?: string): string {
    const pairs = [...this.cookies.entries()]
      .filter(([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`))
      .map(([key, c]) => `${key.split("|")[0]}=${c.value}`);
    if (extra) pairs.push(extra);
    return pairs.join("; ");
  }

  names(): string[] {
    return [...this.cookies.keys()];
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [k, v] of this.cookies) copy.cookies.set(k, { ...v });
    return copy;
  }
}

export interface Hop {
  status: number;
  headers: Headers;
  text: string;
  url: string;
}

/** One GET with the jar's cookies (plus the session cookie); no redirect followed. */
export async function hop(url: string, jar: CookieJar, sessionCookie?: string, init: RequestInit = {}): Promise<Hop> {
  const target = new URL(url);
  const headers = new Headers(init.headers);
  const cookie = jar.header(target.pathname, sessionCookie);
  if (cookie) headers.set("cookie", cookie);
  const res = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.take(res.headers);
  return { status: res.status, headers: res.headers, text: await res.text(), url };
}

/** The popup's message, parsed from `#svc-oauth-result` as the page's script would. */
export function popupMessage(html: string): any {
  const match = /<script type="application\/json" id="svc-oauth-result" data-target-origin="([^"]*)">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error(`no svc-oauth-result in:\n${html.slice(0, 500)}`);
  return JSON.parse(match[2]!);
}

export function popupTargetOrigin(html: string): string {
  return /id="svc-oauth-result" data-target-origin="([^"]*)"/.exec(html)![1]!.replace(/&amp;/g, "&");
}

/** Writes a catalog file for INTEGRATIONS_FILE. */
export function catalogFile(rows: Array<Record<string, unknown>>): string {
  const dir = mkdtempSync(join(tmpdir(), "svc-catalog-"));
  const file = join(dir, "integrations.json");
  writeFileSync(file, JSON.stringify({ integrations: rows }));
  return file;
}
