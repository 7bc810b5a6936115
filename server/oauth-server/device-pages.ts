import type { KoaContextWithOIDC } from "oidc-provider";
import { escapeHtml, standalonePage } from "../platform/html/standalone-page";

/** The device pages (RFC 8628) in this service's look; `form` is the library's, with its CSRF token. */
function page(ctx: KoaContextWithOIDC, title: string, body: string): void {
  ctx.type = "html";
  ctx.set("cache-control", "no-store");
  ctx.body = standalonePage(title, body);
}

export async function deviceCodeInputPage(ctx: KoaContextWithOIDC, form: string, _out?: unknown, error?: Error & { userCode?: string }): Promise<void> {
  const message = error ? `<p class="error" role="alert">${error.userCode || error.name === "NoCodeError" ? "That code is not right, or it has expired. Try again." : "The sign-in could not go on. Start again on your device."}</p>` : "<p>Enter the code your device shows.</p>";
  page(ctx, "Connect a device", `${message}${form}<button type="submit" form="op.deviceInputForm">Continue</button>`);
}

export async function deviceCodeConfirmPage(ctx: KoaContextWithOIDC, form: string, client: { clientName?: string; clientId: string }, _info: unknown, userCode: string): Promise<void> {
  page(
    ctx,
    "Is this your device?",
    `<p><strong>${escapeHtml(client.clientName ?? client.clientId)}</strong> shows this code:</p><p><code>${escapeHtml(userCode)}</code></p><p>Continue only if your device shows the same code and you started this.</p>${form}<button type="submit" form="op.deviceConfirmForm">Continue</button>`,
  );
}

export async function deviceDonePage(ctx: KoaContextWithOIDC): Promise<void> {
  page(ctx, "Device connected", "<p>You can close this window and go back to your device.</p>");
}
