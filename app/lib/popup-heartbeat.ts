/**
 * A dashboard page shown inside the SDK's connect popup (the sign-in page, the connect
 * wizard) tells its opener every 500 ms that the popup is still open, as the service's
 * server-rendered popup pages do (ADR 034): the SDK then knows a `closed` popup was closed
 * by the person rather than cut off by Cross-Origin-Opener-Policy, and settles
 * `window_closed` at once. An inline script in the document's head, so it beats before the
 * page is even shown (a person may close it before the bundle hydrates). Only windows the
 * SDK named (`svc-oauth-<nonce>`) beat; the message says nothing else, so any opener may hear it.
 */
export const POPUP_HEARTBEAT_SCRIPT =
  '(function(){if(window.name.indexOf("svc-oauth-")!==0||!window.opener)return;' +
  'function beat(){try{window.opener&&window.opener.postMessage({type:"svc:oauth:alive"},"*");}catch(e){}}beat();setInterval(beat,500);})();';
