import { useEffect, useRef, useState } from "react";

/** The SDK's `connect` (sdk/connect.js), typed as its .d.ts says. */
export type ConnectFn = (options: { provider: string; state?: string; returnTo?: string; timeoutMs?: number; reconnect?: string; switchAccount?: boolean }) => Promise<{
  provider: string;
  connection_id: string;
  display_name: string;
  reconnected?: true;
}>;

/** Served by the REST edge; a variable so the bundler leaves the import to the browser. */
const SDK_URL = "/sdk/connect.js";

/**
 * The dashboard's Connect buttons use the same browser SDK as third-party pages (issue 7
 * section 8). It is loaded when the page mounts, so a click can open the popup
 * synchronously (anything awaited first would lose the click and get the popup blocked).
 */
export function useConnectSdk(): ConnectFn | null {
  const [connect, setConnect] = useState<ConnectFn | null>(null);
  const loading = useRef(false);
  useEffect(() => {
    if (loading.current) return;
    loading.current = true;
    const url = SDK_URL;
    import(/* @vite-ignore */ url)
      .then((sdk: { connect: ConnectFn }) => setConnect(() => sdk.connect))
      .catch(() => setConnect(null));
  }, []);
  return connect;
}

/** Words for the SDK's rejection codes. */
export function connectFailureText(code: string, detail: string): string {
  switch (code) {
    case "popup_blocked":
      return "The browser blocked the popup. Allow popups for this site and try again.";
    case "window_closed":
      return "The window was closed before the account was connected.";
    case "timeout":
      return "Connecting took too long. Try again.";
    case "access_denied":
      return "The provider was not given access. Nothing was connected.";
    case "reconnect_account_mismatch":
      return detail || "You signed in to another account than this connection's.";
    default:
      return detail ? `Could not connect (${code}): ${detail}` : `Could not connect (${code}).`;
  }
}
