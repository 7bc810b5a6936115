import type { KoaContextWithOIDC } from "oidc-provider";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * An authorization error that cannot go back to a verified redirect URI (an unknown client,
 * a redirect URI that does not match) is shown here, never redirected (RFC 9700 4.11).
 */
export function oauthErrorPageBody(error: string, description: string | undefined): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Authorization failed</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f7f9;color:#111}main{max-width:32rem;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgb(0 0 0/.1)}h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0;color:#444}code{font-size:.875rem}</style>
</head><body><main><h1>Authorization failed</h1><p>${escapeHtml(description ?? "The application's request could not be accepted.")}</p><p><code>${escapeHtml(error)}</code></p></main></body></html>`;
}

export async function renderOAuthError(ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }): Promise<void> {
  ctx.type = "html";
  ctx.set("cache-control", "no-store");
  ctx.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  ctx.body = oauthErrorPageBody(String(out.error ?? "server_error"), out.error_description);
}
