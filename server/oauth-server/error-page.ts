import type { KoaContextWithOIDC } from "oidc-provider";
import { escapeHtml, standalonePage } from "../platform/html/standalone-page";

/**
 * An authorization error that cannot go back to a verified redirect URI (an unknown client,
 * a redirect URI that does not match) is shown here, never redirected (RFC 9700 4.11).
 */
export function oauthErrorPageBody(error: string, description: string | undefined): string {
  return standalonePage("Authorization failed", `<p>${escapeHtml(description ?? "The application's request could not be accepted.")}</p><p><code style="font-size:.875rem">${escapeHtml(error)}</code></p>`);
}

/**
 * A browser's page while PostgreSQL cannot be reached (ADR 094), whichever layer met the outage
 * (the edge before the library, or the library itself): nothing failed for good, so it names no
 * error code, only what to do.
 */
export function outagePageBody(): string {
  return standalonePage("Try again shortly", `<p>${escapeHtml("The service cannot reach its database for a moment. Nothing was lost: go back to the application and try again shortly.")}</p>`);
}

export async function renderOAuthError(ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }): Promise<void> {
  ctx.type = "html";
  ctx.set("cache-control", "no-store");
  ctx.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  ctx.body = oauthErrorPageBody(String(out.error ?? "server_error"), out.error_description);
}
