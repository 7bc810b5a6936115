import type { OAuthDoneMessage, OAuthErrorMessage } from "./messages";

/** What a callback decided, for the REST edge to render as the popup page (SPEC 4.1). */
export type CallbackOutcome =
  | {
      kind: "done";
      targetOrigin: string;
      message: OAuthDoneMessage;
      providerName: string;
      clearCookies: string[];
    }
  | {
      kind: "error";
      status: number;
      targetOrigin: string;
      message: OAuthErrorMessage;
      clearCookies: string[];
    }
  | {
      kind: "picker";
      nonce: string;
      providerName: string;
      items: Array<{ id: string; label: string }>;
    };

/** A failure at the callback stage: code and HTTP status of SPEC 4.1's lists. */
export class CallbackFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(code);
    this.name = "CallbackFailure";
  }
}

export const DETAILS: Record<string, string> = {
  provider_unknown: "This provider is not available for this kind of connection.",
  missing_params: "The provider's answer lacked the code or state.",
  missing_cstate: "The broker's answer lacked the state of this connection.",
  oauth_state_invalid: "This connection attempt is unknown, expired or already used. Start it again from the app.",
  missing_broker_account_id: "The broker's answer lacked the connected account.",
  broker_not_active: "The broker did not finish connecting the account.",
  db_insert_failed: "The connection could not be saved.",
  encryption_key_unavailable: "The service has no encryption key for credentials.",
};

/** A provider's `?error=` value, kept to a short token (it becomes the message's `code`). */
export function providerErrorCode(value: string): string {
  const cleaned = value.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 64);
  return cleaned || "access_denied";
}
