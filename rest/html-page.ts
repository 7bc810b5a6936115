const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A small self-contained HTML page (errors of the app-proxy and its handshake). */
export function htmlPageBody(title: string, message: string, actionsHtml = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f7f9;color:#111}main{max-width:32rem;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgb(0 0 0/.1)}h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0;color:#444}.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1.25rem}.actions form{margin:0}.actions a,.actions button{font:inherit;font-size:.9375rem;padding:.5rem .875rem;border-radius:8px;border:1px solid #d0d5dd;background:#fff;color:#111;text-decoration:none;cursor:pointer}.actions .primary{background:#111;border-color:#111;color:#fff}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${actionsHtml ? `<div class="actions">${actionsHtml}</div>` : ""}</main></body></html>`;
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
