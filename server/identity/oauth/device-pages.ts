import type { KoaContextWithOIDC } from "oidc-provider";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f7f9;color:#111}" +
  "main{max-width:28rem;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgb(0 0 0/.1)}h1{font-size:1.25rem;margin:0 0 .5rem}" +
  "p{color:#444}input[type=text]{font:inherit;font-size:1.25rem;letter-spacing:.1em;text-transform:uppercase;text-align:center;width:100%;box-sizing:border-box;padding:.5rem;margin:.5rem 0}" +
  "button{font:inherit;padding:.5rem .875rem;border-radius:8px;border:1px solid #111;background:#111;color:#fff;cursor:pointer}code{font-size:1.5rem}.error{color:#b42318}";

/** The device pages (RFC 8628) in this service's look; `form` is the library's, with its CSRF token. */
function page(ctx: KoaContextWithOIDC, title: string, body: string): void {
  ctx.type = "html";
  ctx.set("cache-control", "no-store");
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · svc</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
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
