import { getConfig } from "../config";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The service's look for the pages served outside the dashboard (issue 28, 6): the app-proxy's
 * answers, the authorization server's errors and device pages. The dashboard's mark and accent,
 * one card, and always a way back to the dashboard. Inline styles only: these pages are sent
 * under `default-src 'none'; style-src 'unsafe-inline'`.
 */
const STYLE =
  ":root{--accent:#4f46e5;--accent-hover:#4338ca;--text:#101828;--muted:#475467;--line:#e4e7ec}" +
  "body{font:16px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;background:#f7f8fa;color:var(--text)}" +
  "header{width:100%;max-width:32rem;box-sizing:border-box;padding:1.25rem 1rem .75rem}" +
  ".brand{display:inline-flex;align-items:center;gap:.5rem;color:var(--text);text-decoration:none;font-weight:600}" +
  ".logo-mark{display:inline-grid;place-items:center;width:1.75rem;height:1.75rem;border-radius:6px;background:var(--accent);color:#fff;font-size:.9375rem}" +
  "main{width:calc(100% - 2rem);max-width:30rem;box-sizing:border-box;padding:1.75rem;background:#fff;border:1px solid var(--line);border-radius:12px;box-shadow:0 1px 3px rgb(16 24 40/.08)}" +
  "h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0 0 .75rem;color:var(--muted)}p:last-child{margin-bottom:0}code{font-size:1.5rem;color:var(--text)}" +
  ".actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1.25rem}.actions form{margin:0}" +
  ".actions a,.actions button,main button{font:inherit;font-size:.9375rem;padding:.5rem .875rem;border-radius:8px;border:1px solid #d0d5dd;background:#fff;color:var(--text);text-decoration:none;cursor:pointer}" +
  ".actions .primary,main>button{background:var(--accent);border-color:var(--accent);color:#fff}.actions .primary:hover,main>button:hover{background:var(--accent-hover)}" +
  "input[type=text]{font:inherit;font-size:1.25rem;letter-spacing:.1em;text-transform:uppercase;text-align:center;width:100%;box-sizing:border-box;padding:.5rem;margin:.5rem 0;border:1px solid #d0d5dd;border-radius:8px}" +
  ".error{color:#c4320a}footer{padding:1rem;font-size:.875rem}footer a{color:var(--muted)}";

/** The dashboard's address, where every page leads back to. */
export function dashboardUrl(): string {
  return `${getConfig().baseUrl}/dashboard`;
}

/** `bodyHtml` is already escaped (build it with escapeHtml). */
export function standalonePage(title: string, bodyHtml: string): string {
  const home = escapeHtml(dashboardUrl());
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · svc</title><style>${STYLE}</style></head>` +
    `<body><header><a class="brand" href="${home}"><span class="logo-mark" aria-hidden="true">s</span>svc</a></header>` +
    `<main><h1>${escapeHtml(title)}</h1>${bodyHtml}</main><footer><a href="${home}">Back to the dashboard</a></footer></body></html>`;
}
