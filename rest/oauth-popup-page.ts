import { randomBytes } from "node:crypto";
import { escapeHtml } from "./html-page";

import type { OAuthDoneMessage, OAuthErrorMessage } from "../server/connections";

export type { OAuthDoneMessage, OAuthErrorMessage };
export type OAuthMessage = OAuthDoneMessage | OAuthErrorMessage;

/** How long a successful popup waits for the opener's `svc:connection:ack` before closing. */
export const ACK_WAIT_MS = 2000;

/**
 * JSON that is safe inside a `<script>` element: `<`, `>` and `&` as \u escapes (so neither
 * `</script>` nor `<!--` can end or change the element), U+2028 and U+2029 too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f7f9;color:#111}" +
  "main{max-width:32rem;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgb(0 0 0/.1)}h1{font-size:1.25rem;margin:0 0 .5rem}" +
  "p{margin:0 0 .75rem;color:#444}ul{list-style:none;padding:0;margin:0}li{margin:.25rem 0}button{font:inherit;padding:.5rem .75rem;border-radius:8px;border:1px solid #ccd;background:#fff;cursor:pointer;width:100%;text-align:left}button:hover{background:#eef}";

/**
 * Every page of ours in the popup tells its opener it is still open (ADR 034): the SDK can
 * then tell a popup the person closed from one cut off by Cross-Origin-Opener-Policy. The
 * message says nothing but that, so any opener may hear it. The final page needs none: its
 * own message settles the SDK, and only the flow's opener origin may hear anything from it.
 */
export const HEARTBEAT_SCRIPT = `(function(){function beat(){try{if(window.opener)window.opener.postMessage({type:"svc:oauth:alive"},"*");}catch(e){}}beat();setInterval(beat,500);})();`;

/**
 * The script that delivers the message: to `window.opener` with the exact target origin
 * (never `*`), over BroadcastChannel('svc-oauth') when the opener is this origin, then,
 * after a success, waits up to 2 s for the opener's ack from that origin before closing.
 * With no opener the page stays open and its text says what happened.
 */
const DELIVERY_SCRIPT = `(function(){
var el=document.getElementById("svc-oauth-result");var msg=JSON.parse(el.textContent);
var target=el.getAttribute("data-target-origin");var closed=false;
function finish(){if(!closed){closed=true;window.close();}}
if(target===location.origin&&typeof BroadcastChannel==="function"){try{var bc=new BroadcastChannel("svc-oauth");bc.postMessage(msg);bc.close();}catch(e){}}
var opener=null;try{opener=window.opener;}catch(e){}
if(!opener)return;
if(msg.type==="svc:oauth:done"){
window.addEventListener("message",function(e){var d=e.data;if(e.origin===target&&e.source===opener&&d&&d.type==="svc:connection:ack"&&d.connection_id===msg.connection_id)finish();});
setTimeout(finish,${ACK_WAIT_MS});
}else{setTimeout(finish,50);}
try{opener.postMessage(msg,target);}catch(e){}
})();`;

export interface PopupPage {
  status: number;
  body: string;
  headers: Record<string, string>;
}

function headersFor(nonce: string): Record<string, string> {
  return {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "content-security-policy": `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  };
}

function documentOf(nonce: string, title: string, main: string, extraHead = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style>${extraHead}</head><body><main>${main}</main></body></html>`;
}

/**
 * The callback's HTML for `message` (SPEC 4.1): status 200 for success, the given failure
 * status otherwise. Exported so the wizard can answer the same way when it binds an
 * existing connection. `targetOrigin` must already be an allowed exact origin.
 */
export function renderPopupPage(message: OAuthMessage, targetOrigin: string, status = message.type === "svc:oauth:done" ? 200 : 400, providerName?: string): PopupPage {
  const nonce = randomBytes(16).toString("base64");
  const name = providerName ?? (message.type === "svc:oauth:done" ? message.provider : "the service");
  const text =
    message.type === "svc:oauth:done"
      ? `<h1>Connected</h1><p>Connected to ${escapeHtml(name)} as <strong>${escapeHtml(message.display_name)}</strong>.</p><p>You can close this window and go back to where you started.</p>`
      : `<h1>Could not connect</h1><p>${escapeHtml(errorSentence(message))}</p><p>Close this window and start the connection again.</p>`;
  const main = `${text}<script type="application/json" id="svc-oauth-result" data-target-origin="${escapeHtml(targetOrigin)}">${scriptSafeJson(message)}</script><script nonce="${nonce}">${DELIVERY_SCRIPT}</script>`;
  return { status, body: documentOf(nonce, message.type === "svc:oauth:done" ? "Connected" : "Could not connect", main), headers: headersFor(nonce) };
}

function errorSentence(message: OAuthErrorMessage): string {
  const reason = message.detail ? `${message.code}: ${message.detail}` : message.code;
  return `The connection failed (${reason}).`;
}

export function popupResponse(page: PopupPage, cookies: string[] = []): Response {
  const response = new Response(page.body, { status: page.status, headers: page.headers });
  for (const cookie of cookies) response.headers.append("set-cookie", cookie);
  return response;
}

/**
 * The discovery picker (several projects): a server-rendered list whose buttons post the
 * choice back to the callback with the flow's nonce; the signed state cookie is sent along
 * because the form posts to the callback path.
 */
export function renderPickerPage(input: { action: string; nonce: string; providerName: string; items: Array<{ id: string; label: string }> }): PopupPage {
  const cspNonce = randomBytes(16).toString("base64");
  const buttons = input.items
    .map(
      (item) =>
        `<li><button type="submit" name="choice" value="${escapeHtml(item.id)}">${escapeHtml(item.label)}${item.label !== item.id ? ` <small>(${escapeHtml(item.id)})</small>` : ""}</button></li>`,
    )
    .join("");
  const main = `<h1>Choose a project</h1><p>Which ${escapeHtml(input.providerName)} project should this connection use?</p><form method="post" action="${escapeHtml(input.action)}"><input type="hidden" name="state" value="${escapeHtml(input.nonce)}"><ul>${buttons}</ul></form><script nonce="${cspNonce}">${HEARTBEAT_SCRIPT}</script>`;
  return { status: 200, body: documentOf(cspNonce, "Choose a project", main), headers: headersFor(cspNonce) };
}
