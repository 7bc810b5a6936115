/**
 * svc browser SDK: connect a third-party account in a popup (issue 7 section 8).
 *
 *   import { connect } from "https://svc.example/sdk/connect.js";
 *   button.onclick = () => connect({ provider: "github", connectSession }).then(done, failed);
 *
 * `connect` must be called synchronously inside the click handler: the popup is opened
 * before anything else happens, or the browser blocks it (`popup_blocked`).
 *
 * The popup posts `svc:oauth:done` / `svc:oauth:error` to this page's origin. Two fallbacks
 * cover a lost opener (a popup cut off by Cross-Origin-Opener-Policy, a popup that navigated
 * through a site that dropped `window.opener`): the one-shot result endpoint
 * `GET /api/oauth/result?sdk_nonce=...` and, for a same-origin opener, BroadcastChannel
 * `svc-oauth`. No dependency, no build step: this file is what the browser runs.
 */

export const SDK_VERSION = "1";

const DEFAULT_TIMEOUT_MS = 300000;
const CLOSED_POLL_MS = 250;
const RESULT_POLL_MS = 1500;
/**
 * A popup whose handle reads `closed` this soon after opening was not closed by a person:
 * Chromium reports a popup as closed the moment Cross-Origin-Opener-Policy puts it in
 * another browsing-context group. The SDK then keeps asking the result endpoint until the
 * flow finishes or times out (docs/decisions/015).
 */
const SEVERED_WITHIN_MS = 2500;
/**
 * The service's pages in the popup post `{ type: "svc:oauth:alive" }` to their opener every
 * 500 ms. One heartbeat proves the opener link works (the popup is not cut off), so a popup
 * heard from that then reads `closed` was closed, however soon after opening (ADR 034).
 */
const ALIVE = "svc:oauth:alive";
const CHANNEL = "svc-oauth";

/** A rejection of `connect`: `code` is `popup_blocked`, `window_closed`, `timeout`, or the server's code. */
export class ConnectError extends Error {
  constructor(code, detail) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "ConnectError";
    this.code = code;
    this.detail = detail || "";
  }
}

function serviceOrigin(baseUrl) {
  return new URL(baseUrl || import.meta.url).origin;
}

function randomNonce() {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function authorizeUrl(base, options, sdkNonce) {
  const url = new URL(`/api/oauth/${encodeURIComponent(options.provider)}/authorize`, base);
  const appKey = options.connectSession || options.appKey;
  if (appKey) {
    url.searchParams.set("embed", "1");
    url.searchParams.set("app_key", appKey);
  }
  url.searchParams.set("opener_origin", window.location.origin);
  if (options.state != null) url.searchParams.set("state", String(options.state));
  if (options.returnTo != null) url.searchParams.set("returnTo", String(options.returnTo));
  // Reconnect in place: the same flow updates that connection (same id, bindings kept).
  if (options.reconnect != null) {
    url.searchParams.set("reconnect", String(options.reconnect));
    if (options.switchAccount) url.searchParams.set("switch_account", "1");
  }
  // Ask the service to offer the workspace's accounts of this provider before a new one
  // (the broker providers always do; the first-party one only when asked: SPEC 4.1).
  if (options.offerExisting && options.reconnect == null) url.searchParams.set("offer_existing", "1");
  url.searchParams.set("sdk_nonce", sdkNonce);
  return url.toString();
}

function popupFeatures() {
  const width = 520;
  const height = 720;
  const left = Math.max(0, Math.round((window.screenX || 0) + ((window.outerWidth || width) - width) / 2));
  const top = Math.max(0, Math.round((window.screenY || 0) + ((window.outerHeight || height) - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

function isResultMessage(data) {
  return !!data && typeof data === "object" && (data.type === "svc:oauth:done" || data.type === "svc:oauth:error");
}

/**
 * Opens the connect popup and settles with the popup's `svc:oauth:done` message, or rejects
 * with a ConnectError.
 *
 * @param {import("./connect").ConnectOptions} options
 * @returns {Promise<import("./connect").ConnectResult>}
 */
export function connect(options) {
  if (!options || typeof options.provider !== "string" || options.provider === "") {
    return Promise.reject(new ConnectError("invalid_options", "provider is required"));
  }
  const base = serviceOrigin(options.baseUrl);
  const sdkNonce = randomNonce();
  const expectedState = options.state == null ? null : String(options.state);
  const timeoutMs = options.timeoutMs == null ? DEFAULT_TIMEOUT_MS : Number(options.timeoutMs);
  // Opened first and synchronously: anything awaited before this loses the click's activation.
  const popup = window.open(authorizeUrl(base, options, sdkNonce), `svc-oauth-${sdkNonce}`, popupFeatures());
  if (!popup) return Promise.reject(new ConnectError("popup_blocked", "The browser blocked the popup; call connect() inside a click handler"));
  const openedAt = Date.now();

  return new Promise((resolve, reject) => {
    let settled = false;
    let severed = false;
    let heardAlive = false;
    let resultTimer = 0;
    let asking = false;
    const channel = typeof BroadcastChannel === "function" && base === window.location.origin ? new BroadcastChannel(CHANNEL) : null;

    const cleanup = () => {
      settled = true;
      window.removeEventListener("message", onMessage);
      clearInterval(closedTimer);
      clearTimeout(timeoutTimer);
      clearTimeout(resultTimer);
      if (channel) channel.close();
    };

    const settle = (message, viaPopup) => {
      if (settled) return;
      if (message.type === "svc:oauth:done") {
        if (expectedState !== (message.state ?? null)) return; // another flow's message
        cleanup();
        if (viaPopup && !popup.closed) popup.postMessage({ type: "svc:connection:ack", connection_id: message.connection_id }, base);
        resolve(message);
      } else {
        if (message.state !== undefined && expectedState !== (message.state ?? null)) return;
        cleanup();
        reject(new ConnectError(String(message.code || "unknown_error"), String(message.detail || "")));
      }
    };

    function onMessage(event) {
      // Only the popup we opened, on the service's origin, is believed.
      if (event.origin !== base || event.source !== popup) return;
      if (event.data && event.data.type === ALIVE) heardAlive = true;
      else if (isResultMessage(event.data)) settle(event.data, true);
    }
    window.addEventListener("message", onMessage);
    if (channel) {
      channel.onmessage = (event) => {
        const data = event.data;
        // The popup page broadcasts the message with its sdk_nonce so other flows ignore it.
        if (isResultMessage(data) && (data.sdk_nonce === undefined || data.sdk_nonce === sdkNonce)) settle(data, false);
      };
    }

    /** The stored message for this flow (read once, server-side), or null while it is `{ status: "pending" }`. */
    const askResult = async () => {
      const response = await fetch(`${base}/api/oauth/result?sdk_nonce=${encodeURIComponent(sdkNonce)}`, {
        credentials: "omit",
        cache: "no-store",
      });
      if (response.status !== 200) return null;
      const body = await response.json();
      const message = body && isResultMessage(body.message) ? body.message : isResultMessage(body) ? body : null;
      return message;
    };

    const pollResult = () => {
      if (settled) return;
      askResult()
        .then((message) => {
          if (message) settle(message, false);
        })
        .catch(() => undefined)
        .finally(() => {
          if (!settled) resultTimer = setTimeout(pollResult, RESULT_POLL_MS);
        });
    };

    const closedTimer = setInterval(() => {
      if (settled || asking || severed || !popup.closed) return;
      if (!heardAlive && Date.now() - openedAt < SEVERED_WITHIN_MS) {
        // Never heard from and `closed` at once: cut off by Cross-Origin-Opener-Policy, not
        // closed. The result endpoint (which answers `pending` until then) is the only way back.
        severed = true;
        clearInterval(closedTimer);
        pollResult();
        return;
      }
      asking = true;
      clearInterval(closedTimer);
      askResult()
        .catch(() => null)
        .then((message) => {
          if (settled) return;
          if (message) settle(message, false);
          else {
            cleanup();
            reject(new ConnectError("window_closed", "The window was closed before the connection finished"));
          }
        });
    }, CLOSED_POLL_MS);

    const timeoutTimer = setTimeout(() => {
      if (settled) return;
      cleanup();
      try {
        popup.close();
      } catch {
        // already gone
      }
      reject(new ConnectError("timeout", `No answer within ${Math.round(timeoutMs / 1000)} seconds`));
    }, timeoutMs);
  });
}
