import type { ServerResponse } from "node:http";
import type { ErrorCodeEntry } from "../server/platform/error-codes";
import { htmlPageBody, HTML_PAGE_HEADERS } from "./html-page";

/** How the authorization server's edge writes its own answers: JSON in RFC 6749's shape for clients, pages for browsers. */

export function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(body)) });
  res.end(body);
}

/** RFC 6749 section 5.2's shape, never cached. */
export function sendOAuthError(res: ServerResponse, { status, code }: ErrorCodeEntry, description: string, headers: Record<string, string> = {}): void {
  send(res, status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers }, JSON.stringify({ error: code, error_description: description }));
}

export function sendPage(res: ServerResponse, status: number, title: string, message: string): void {
  send(res, status, HTML_PAGE_HEADERS, htmlPageBody(title, message));
}

export function redirect(res: ServerResponse, location: string, setCookie?: string): void {
  send(res, 303, { location, "cache-control": "no-store", ...(setCookie ? { "set-cookie": setCookie } : {}) }, "");
}
