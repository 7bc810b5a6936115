/** Types of the svc browser SDK served at `/sdk/connect.js`. */

export declare const SDK_VERSION: string;

export interface ConnectOptions {
  /** Catalog slug, e.g. `"supabase"` or `"github"`. */
  provider: string;
  /** A connect session (`svc_cs_...`, from `POST /api/connect/sessions`): the recommended way to bind to an app. */
  connectSession?: string;
  /** An App Key (`svc_sk_...`). Works, but puts a long-lived secret in a browser URL: prefer `connectSession`. */
  appKey?: string;
  /** Opaque value echoed back in the result. */
  state?: string;
  /** A same-origin path of the service (`/connections`), returned as an absolute `return_url`. */
  returnTo?: string;
  /** Milliseconds before rejecting with `timeout`. Default 300000 (5 minutes). */
  timeoutMs?: number;
  /** The service's origin; default the origin this module was loaded from. */
  baseUrl?: string;
}

/** The popup's `svc:oauth:done` message. */
export interface ConnectResult {
  type: "svc:oauth:done";
  provider: string;
  connection_id: string;
  external_id: string;
  display_name: string;
  return_url: string | null;
  state: string | null;
}

export type ConnectErrorCode =
  | "popup_blocked"
  | "window_closed"
  | "timeout"
  | "invalid_options"
  | "oauth_state_invalid"
  | "oauth_exchange_failed"
  | "access_denied"
  | (string & {});

export declare class ConnectError extends Error {
  readonly name: "ConnectError";
  readonly code: ConnectErrorCode;
  readonly detail: string;
  constructor(code: string, detail?: string);
}

/**
 * Opens the connect popup; call it synchronously inside a click handler.
 * Resolves with the done message, rejects with a ConnectError.
 */
export declare function connect(options: ConnectOptions): Promise<ConnectResult>;
