import { z } from "zod";
import { codeErrorBody } from "../../server/platform/error-bodies";
import { type ExampleDoc, type ReplayRequest, type ResponseDoc } from "../openapi/operation";

/**
 * The parts the OAuth navigations' declarations (oauth.operations.ts) share: the start query,
 * the start stage's refusals, the pages the callback stage posts, and their examples.
 */
/** The query both start routes read (server/connections/oauth/start-checks.ts checks it by hand, so it is written out here). */
const startQuery = z.object({
  embed: z.literal("1").optional().describe("`1` when the SDK's popup opened the URL: the embed path (auto-binding to the app of `app_key`)."),
  app_key: z.string().optional().describe("The originating app's `svc_sk_` key or `svc_cs_` connect session, with `embed=1`."),
  opener_origin: z.string().optional().describe("The exact origin of the SDK's opener window: one of the app's allowed origins (ours without `app_key`)."),
  state: z.string().max(512).optional().describe("Opaque caller state, echoed in the popup's final message."),
  returnTo: z.string().max(1024).optional().describe("A same-origin path to go to after the popup closes."),
  sdk_nonce: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/)
    .optional()
    .describe("The SDK's nonce: the final message can then be fetched once from `GET /api/oauth/result`."),
  reconnect: z
    .uuid()
    .optional()
    .describe(
      "Reconnect in place: the id of a connection of your workspace for this provider. The flow updates that connection (same id and `external_id`, bindings and " +
        "variables kept, state back to `active`) instead of adding one, and the success message carries `reconnected: true`. Signing in to another provider account " +
        "than the connection's is refused (`reconnect_account_mismatch`, 409) unless `switch_account=1`.",
    ),
  switch_account: z.literal("1").optional().describe("With `reconnect`: the person confirmed that the connection may move to another account of the provider."),
});
export const brokerStartQuery = startQuery.extend({
  internal: z.literal("1").optional().describe("`1` skips the embed-mode redirect to the connect wizard (the wizard's own Connect button sets it)."),
});

/** The authorize route's query: the broker start's, plus the first-party opt-in to the wizard (ADR 063). */
export const authorizeQuery = brokerStartQuery.extend({
  offer_existing: z
    .literal("1")
    .optional()
    .describe(
      "Not in SPEC: with `embed=1` and `app_key`, a first-party start in a workspace that already has an account of this provider goes to the connect wizard " +
        "`/connections/connect/{provider}` first, which offers that account or a new one (the SDK's `offerExisting`). Without it the first-party start always goes to the provider.",
    ),
});

/** A nonce of the right form (32 URL-safe characters) that no flow started. */
export const UNKNOWN_NONCE = "0123456789abcdefghijABCDEFGHIJ_-";

export const providerParam = { name: "provider", description: "The provider's catalog slug (`supabase`, `github`, ...)." };

export const error = (code: string, detail?: string) => (detail === undefined ? { error: code } : { error: code, detail });

/** 400s of the start query, checked before anything is started (same for authorize and broker start). */
export function badStartQuery(param: string): ResponseDoc {
  const as = (query: Record<string, string>): ReplayRequest => ({ as: "owner", param, query });
  return {
    status: 400,
    description:
      "The query is refused before anything starts: `returnTo` is not a path on this service (or longer than 1024 characters), `state` is longer than 512 characters, " +
      "`sdk_nonce` is not 16-128 URL-safe characters, or `opener_origin` is not an exact origin allowed for the app of `app_key` (without `app_key`: this service's own origin).",
    schema: codeErrorBody,
    examples: [
      { name: "return-to-elsewhere", summary: "`returnTo` on another site", body: error("invalid_return_to"), request: as({ returnTo: "https://elsewhere.example/after" }) },
      { name: "state-too-long", summary: "A `state` of 513 characters", body: error("invalid_state", "state is longer than 512 characters"), request: as({ state: "s".repeat(513) }) },
      { name: "bad-sdk-nonce", summary: "An `sdk_nonce` too short", body: error("invalid_sdk_nonce"), request: as({ sdk_nonce: "short" }) },
      { name: "opener-not-allowed", summary: "An `opener_origin` nobody allowed", body: error("opener_origin_not_allowed"), request: as({ opener_origin: "https://elsewhere.example" }) },
    ],
  };
}

export function startUnauthorized(param: string): ResponseDoc {
  return {
    status: 401,
    description: "No session (sign in first), or an `app_key` that is no live key or connect session of your workspace.",
    schema: codeErrorBody,
    examples: [
      { name: "no-session", summary: "No session cookie", body: error("unauthorized"), request: { as: "anonymous", param } },
      { name: "bad-app-key", summary: "An `app_key` that is not a key", body: error("invalid_app_key"), request: { as: "owner", param, query: { embed: "1", app_key: "not-a-key" } } },
    ],
  };
}

export function startViewer(param: string): ResponseDoc {
  return {
    status: 403,
    description: "You are a viewer of the workspace: viewers cannot manage connections.",
    schema: codeErrorBody,
    examples: [{ name: "viewer", summary: "A viewer of the workspace", body: error("forbidden", "Viewers cannot manage connections"), request: { as: "viewer", param } }],
  };
}

/** The message an error page posts (SPEC 6); `state` is null when no started flow was recognised. */
export const posted = (code: string, detail: string) => ({ type: "svc:oauth:error", code, detail, state: null });
export const STATE_INVALID = posted("oauth_state_invalid", "This connection attempt is unknown, expired or already used. Start it again from the app.");
export const PROVIDER_UNKNOWN = posted("provider_unknown", "This provider is not available for this kind of connection.");

export function popupExample(name: string, summary: string, posts: Record<string, unknown>, request: ReplayRequest): ExampleDoc {
  return { name, summary, posts, request };
}

export const POPUP_DESCRIPTION =
  "The answer is always an HTML page (`Cache-Control: no-store`, a strict CSP) that posts one message to `window.opener`, to the flow's exact opener origin " +
  "(our own origin when the flow is not recognised), also over `BroadcastChannel('svc-oauth')` when that origin is ours, then closes; with no opener it stays open " +
  "and says what happened. Success posts `svc:oauth:done` (`provider`, `connection_id`, `external_id`, `display_name`, `return_url`, `state`, and `reconnected: true` " +
  "when an existing connection was updated: a reconnect, or the same provider account connected again) and waits up to 2 s for " +
  "the opener's `{ type: 'svc:connection:ack', connection_id }`; failure posts `svc:oauth:error` (`code`, `detail`, `state`).";

/** Failure pages no replay can reach without a live provider, a broken configuration or an outage. */
export function unreplayedPages(serverCodes: string, upstreamCode: string, firstParty = false): ResponseDoc[] {
  return [
    // Only a first-party reconnect compares provider accounts (the broker's carry no id we can compare).
    ...(firstParty ? [reconnectRefusals] : []),
    {
      status: 500,
      description: `An HTML page posting \`${serverCodes}\`: the connection could not be saved, or the service has no encryption key.`,
      contentType: "text/html",
    },
    { status: 502, description: `An HTML page posting \`${upstreamCode}\`: the upstream call failed (its reason in \`detail\`).`, contentType: "text/html" },
    {
      status: 503,
      description: "An HTML page posting `service_unavailable` (`Retry-After: 5`): the database was unreachable; nothing was consumed, so the same callback can complete once it is back.",
      contentType: "text/html",
      headers: { "Retry-After": "`5`" },
    },
  ];
}

const reconnectRefusals: ResponseDoc = {
  status: 409,
  description:
    "An HTML page posting `reconnect_account_mismatch` (a reconnect signed in to another provider account than the connection's; start it again with " +
    "`switch_account=1` to switch) or `account_already_connected` (a switch to an account another connection of the workspace holds).",
  contentType: "text/html",
};

/** How a start answers a person's browser rather than a program (ADR 034). */
export const BROWSER_NAVIGATION =
  " A browser navigation (`Sec-Fetch-Dest: document`, or without Fetch Metadata an `Accept` naming `text/html`) is answered for a person instead: without a " +
  "session, 302 to `/login?redirectTo=<this URL>`, which comes back here once signed in; any other refusal is an HTML page with the same status that says " +
  "what went wrong and posts `svc:oauth:error` (`code`, `detail`, the caller's `state`) to the query's `opener_origin` (our own origin without one), and keeps " +
  "it for `GET /api/oauth/result` when `sdk_nonce` is given. Other callers get the JSON bodies below.";

/** The 302 a signed-out person's popup gets: sign in, then back to the start. */
export function signInFirst(param: string): ExampleDoc {
  const path = param === "github" ? `/api/oauth/broker/${param}/start` : `/api/oauth/${param}/authorize`;
  return {
    name: "signed-out-browser",
    summary: "A signed-out person's browser: sign in, then back here",
    responseHeaders: { location: `/login?redirectTo=${encodeURIComponent(`${path}?state=abc`)}` },
    request: { as: "anonymous", param, query: { state: "abc" }, headers: { "sec-fetch-dest": "document" } },
  };
}
