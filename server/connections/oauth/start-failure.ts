import { exactOrigin } from "../../apps";
import { getConfig } from "../../platform/config";
import type { OAuthErrorMessage } from "./messages";
import { SDK_NONCE_PATTERN } from "./results";
import type { OAuthStartError } from "./start-checks";

/**
 * A start (authorize, broker start) refused inside a popup: the page the person sees must
 * say so and post `svc:oauth:error` to the opener, or the SDK and the dashboard wait for
 * nothing (issue 17, ADR 034). The refusal happens before the query was checked, so the
 * target is the `opener_origin` the navigation claims when it is an exact origin (postMessage
 * delivers only if the opener really is there; the message holds the code and the caller's
 * own state, nothing of ours), else our own origin.
 */
export interface StartFailurePopup {
  message: OAuthErrorMessage;
  targetOrigin: string;
  /** The SDK's nonce, when well-formed: the message is kept for the result endpoint too. */
  sdkNonce: string | null;
}

export function startFailurePopup(search: string, failure: Pick<OAuthStartError, "code" | "detail">): StartFailurePopup {
  const query = new URLSearchParams(search);
  const state = query.get("state");
  const sdkNonce = query.get("sdk_nonce");
  return {
    message: { type: "svc:oauth:error", code: failure.code, detail: failure.detail ?? "", state: state !== null && state.length <= 512 ? state : null },
    targetOrigin: exactOrigin(query.get("opener_origin")) ?? new URL(getConfig().baseUrl).origin,
    sdkNonce: sdkNonce !== null && SDK_NONCE_PATTERN.test(sdkNonce) ? sdkNonce : null,
  };
}

/**
 * A navigation a person's browser makes (the popup, a tab) rather than a program's request:
 * `Sec-Fetch-Dest: document` (every current browser sends it) or, without Fetch Metadata,
 * an `Accept` that names `text/html`. Such a navigation gets pages; anything else keeps
 * SPEC 4.1's JSON (ADR 034).
 */
export function isDocumentNavigation(header: (name: string) => string | null): boolean {
  const dest = header("sec-fetch-dest");
  if (dest) return dest === "document";
  return /\btext\/html\b/i.test(header("accept") ?? "");
}
