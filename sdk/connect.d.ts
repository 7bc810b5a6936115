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
  /**
   * Reconnect in place: the `connection_id` of a connection (one in `needs_reauth`, say). The
   * same popup flow then updates that connection: same id and `external_id`, bindings and
   * variables kept; the result has `reconnected: true`.
   */
  reconnect?: string;
  /**
   * With `reconnect`: the person confirmed switching the connection to another account of the
   * provider. Without it, signing in to another account rejects with `reconnect_account_mismatch`.
   */
  switchAccount?: boolean;
  /**
   * With `connectSession` or `appKey`: when the workspace already has an account of this
   * provider, the popup first offers it (choosing it binds it to the app and resolves like a
   * new connection, with no trip to the provider) or a new one. Broker providers always offer
   * it; the first-party provider only with this option. Ignored with `reconnect`.
   */
  offerExisting?: boolean;
  /** Milliseconds before rejecting with `timeout`. Default 300000 (5 minutes). */
  timeoutMs?: number;
  /** The service's origin; default the origin this module was loaded from. */
  baseUrl?: string;
}

// <generated: the service's own schemas of these answers; `npm run sdk:types` rewrites this block. Do not edit.>
/**
 * The popup's `svc:oauth:done` message, as `connect()` resolves with it.
 */
export interface ConnectResult {
  type: "svc:oauth:done";
  provider: string;
  connection_id: string;
  external_id: string;
  display_name: string;
  return_url: string | null;
  state: string | null;
  /**
   * Present when the flow updated an existing connection in place: a reconnect, or the same account connected again
   */
  reconnected?: true;
}

/**
 * One entry of `GET /api/deployments/me/connections` (read by a tool's server with its App Key).
 */
export interface BoundConnection {
  provider: string;
  connectionId: string;
  externalId: string;
  displayName: string;
  profile: "first_party" | "broker_managed";
  /**
   * `active`; `needs_reauth` (connect the account again); `revoked` (gone at the provider); `error` (checks kept failing)
   */
  status: "active" | "needs_reauth" | "revoked" | "error";
  /**
   * Why the connection left `active`, as the provider or the service put it; null when active
   */
  statusReason: string | null;
  statusChangedAt: string;
  context: {
    [k: string]: string;
  };
  createdAt: string;
}
// </generated>

/** A connection's health, as `GET /api/deployments/me/connections` and the dashboard show it. */
export type ConnectionStatus = BoundConnection["status"];

export type ConnectErrorCode =
  | "popup_blocked"
  | "window_closed"
  | "timeout"
  | "invalid_options"
  | "oauth_state_invalid"
  | "oauth_exchange_failed"
  | "access_denied"
  | "reconnect_account_mismatch"
  | "account_already_connected"
  | "connection_not_found"
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
