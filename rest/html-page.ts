import { escapeHtml, standalonePage } from "../server/platform/html/standalone-page";

export { escapeHtml };

/** A small self-contained page in the service's look (errors of the app-proxy and its handshake). */
export function htmlPageBody(title: string, message: string, actionsHtml = ""): string {
  return standalonePage(title, `<p>${escapeHtml(message)}</p>${actionsHtml ? `<div class="actions">${actionsHtml}</div>` : ""}`);
}

export const HTML_PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};

/** `actionsHtml`: links or forms shown under the message (already escaped: build it with escapeHtml). */
export function htmlPage(status: number, title: string, message: string, headers: Record<string, string> = {}, actionsHtml = ""): Response {
  return new Response(htmlPageBody(title, message, actionsHtml), { status, headers: { ...HTML_PAGE_HEADERS, ...headers } });
}
