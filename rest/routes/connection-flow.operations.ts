import { z } from "zod";
import { oauthMessageOutput } from "../../server/connections";
import { codeErrorBody } from "../../server/platform/error-bodies";
import { route, type Route } from "../route-types";
import { crossOrigin } from "../openapi/common-responses";
import * as connectionFlow from "./connection-flow";
import {
  authorizeQuery,
  brokerStartQuery,
  UNKNOWN_NONCE,
  providerParam,
  error,
  badStartQuery,
  startUnauthorized,
  startViewer,
  posted,
  STATE_INVALID,
  PROVIDER_UNKNOWN,
  popupExample,
  POPUP_DESCRIPTION,
  unreplayedPages,
  BROWSER_NAVIGATION,
  signInFirst,
} from "./connection-flow.responses";

/**
 * SPEC 4.1's OAuth navigations (docs/connections.md, ADRs 010-017). They are browser
 * navigations, not API calls: the start stage (authorize, broker start) answers a redirect or
 * SPEC 7's `{ error }` JSON; the callback stage always answers an HTML page that posts a
 * message to the popup's opener, so each failure is documented by the message it posts.
 *
 * What needs a live provider or broker (a completed consent, a token exchange, a broker that
 * answers) is described but not replayed: tests/rest/oauth-first-party.test.ts and
 * oauth-broker.test.ts run those flows against the fakes in tests/fakes/. The contract test's
 * service has the default catalog (`supabase` first-party, `github` through the broker), a
 * first-party client id and no broker key.
 */
export const connectionFlowOperations: Route[] = [
  route({
    method: "GET",
    path: "/api/oauth/{provider}/authorize",
    handler: connectionFlow.authorize,
    tag: "Connections",
    summary: "Start connecting a provider (OAuth)",
    description:
      "The canonical entry of every connection flow, opened in a popup by the SDK or the dashboard. For a provider whose catalog row has a broker auth config it " +
      "redirects to `GET /api/oauth/broker/{provider}/start` with the same query; otherwise it runs the first-party flow (one provider, `FIRST_PARTY_PROVIDER`): " +
      "a redirect to the provider's consent page with PKCE, setting two short-lived HttpOnly state cookies scoped to the callback path. An embedded start " +
      "that asks for it (`offer_existing=1` with `embed=1` and `app_key`, without `internal=1`) in a workspace that already has an account of this provider goes to " +
      "the connect wizard `/connections/connect/{provider}` first, which offers that account or a new one (ADR 034, ADR 063). " +
      "With `reconnect=<connection id>` the flow updates that connection in place (no wizard). " +
      "Owners and members; checks, in order: session, workspace and role, provider, configuration, the query." + BROWSER_NAVIGATION,
    auth: ["session"],
    pathParam: providerParam,
    query: authorizeQuery,
    responses: [
      {
        status: 302,
        description: "To the provider's consent page (first-party, with the state cookies `svc_oauth_<nonce>` and `svc_oauth_pending`), or to the broker start route.",
        headers: { Location: "The provider's authorize URL, or `/api/oauth/broker/{provider}/start?…`", "Set-Cookie": "The two state cookies (first-party)" },
        examples: [
          { name: "first-party", summary: "The first-party provider: on to its consent page", request: { as: "owner", param: "supabase", query: { returnTo: "/connections" } } },
          {
            name: "broker",
            summary: "A broker provider: on to the broker start route",
            responseHeaders: { location: "/api/oauth/broker/github/start?state=abc" },
            request: { as: "owner", param: "github", query: { state: "abc" } },
          },
          signInFirst("supabase"),
        ],
      },
      badStartQuery("supabase"),
      startUnauthorized("supabase"),
      startViewer("supabase"),
      {
        status: 404,
        description: "No such provider in the catalog (or one with neither a broker config nor the first-party flow), or you belong to no workspace.",
        schema: codeErrorBody,
        examples: [
          { name: "unknown-provider", summary: "A slug the catalog lacks", body: error("provider_unknown"), request: { as: "owner", param: "nothing-here" } },
          { name: "no-workspace", summary: "Signed in, no workspace", body: error("no_tenant"), request: { as: "newcomer", param: "supabase" } },
          {
            name: "reconnect-unknown",
            summary: "`reconnect` naming no connection of the workspace for this provider",
            body: error("connection_not_found"),
            request: { as: "owner", param: "supabase", query: { reconnect: "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6" } },
          },
        ],
      },
      {
        status: 500,
        description:
          "The service is not configured for this provider: `oauth_client_config_missing` (the catalog row lacks `authorize_url` or `token_url`), " +
          "`encryption_key_unavailable` (no `INTEGRATION_ENCRYPTION_KEY`), or `<PROVIDER>_OAUTH_CLIENT_ID missing` (e.g. `SUPABASE_OAUTH_CLIENT_ID missing`).",
        schema: codeErrorBody,
      },
    ],
  }),
  route({
    method: "GET",
    path: "/api/oauth/{provider}/callback",
    handler: connectionFlow.callback,
    tag: "Connections",
    summary: "The provider's redirect back (first-party)",
    description:
      "Where the first-party provider sends the popup after consent, with `code` and `state` (or `error`). No session is needed: the signed state cookie set at " +
      "authorize carries the user, workspace and provider, and its nonce is used once. The code is exchanged for tokens, which are stored encrypted; when the " +
      "provider has several projects a picker page asks which one (its form posts to this path). With `embed=1` and an `app_key` at the start, the connection is " +
      `also bound to that app. ${POPUP_DESCRIPTION}`,
    auth: [],
    pathParam: providerParam,
    query: z.object({
      code: z.string().optional().describe("The authorization code."),
      state: z.string().optional().describe("The nonce of the flow, as authorize sent it."),
      error: z.string().optional().describe("The provider's refusal (the user cancelled, a scope was refused): becomes the posted `code`."),
      error_description: z.string().optional().describe("The provider's words for it: the posted `detail`."),
    }),
    responses: [
      { status: 200, description: "An HTML page posting `svc:oauth:done` (or the project picker, when the provider has several projects).", contentType: "text/html" },
      {
        status: 400,
        description:
          "An HTML page posting `svc:oauth:error`: `provider_unknown`, `missing_params`, `oauth_state_invalid` (no valid state cookie for this nonce, expired, already used, " +
          "or the user is no longer allowed to connect in that workspace), or the provider's own `?error=` code.",
        contentType: "text/html",
        examples: [
          popupExample("unknown-provider", "A provider that is not the first-party one", PROVIDER_UNKNOWN, { as: "anonymous", param: "github", query: { code: "c", state: UNKNOWN_NONCE } }),
          popupExample("missing-params", "Neither code nor state", posted("missing_params", "The provider's answer lacked the code or state."), { as: "anonymous", param: "supabase" }),
          popupExample("no-state-cookie", "A nonce without its state cookie (opened outside the popup)", STATE_INVALID, {
            as: "owner",
            param: "supabase",
            query: { code: "c", state: UNKNOWN_NONCE },
          }),
        ],
      },
      ...unreplayedPages("db_insert_failed` or `encryption_key_unavailable", "oauth_exchange_failed", true),
    ],
  }),
  route({
    method: "POST",
    path: "/api/oauth/{provider}/callback",
    handler: connectionFlow.pick,
    sessionCookie: true,
    tag: "Connections",
    summary: "The project picker's choice (first-party)",
    description:
      "The form of the picker page the callback shows when the provider has several projects: `application/x-www-form-urlencoded` with `state` (the flow's nonce) " +
      "and `choice` (a project id from the list). The same state cookie authenticates it; a choice not in the list shows the picker again. Must come from the " +
      `service's own page. ${POPUP_DESCRIPTION}`,
    auth: [],
    pathParam: providerParam,
    responses: [
      { status: 200, description: "An HTML page posting `svc:oauth:done`, or the picker again for a choice not in the list.", contentType: "text/html" },
      {
        status: 400,
        description: "An HTML page posting `svc:oauth:error`: `provider_unknown`, `missing_params` (no `state` or `choice`), or `oauth_state_invalid` (no valid state cookie, or no pending choice for this nonce).",
        contentType: "text/html",
        examples: [
          popupExample("unknown-provider", "A provider that is not the first-party one", PROVIDER_UNKNOWN, {
            as: "owner",
            param: "github",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            raw: `state=${UNKNOWN_NONCE}&choice=p1`,
          }),
          popupExample("missing-choice", "No choice in the form", posted("missing_params", "The provider's answer lacked the code or state."), {
            as: "owner",
            param: "supabase",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            raw: `state=${UNKNOWN_NONCE}`,
          }),
          popupExample("no-state-cookie", "A nonce without its state cookie", STATE_INVALID, {
            as: "owner",
            param: "supabase",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            raw: `state=${UNKNOWN_NONCE}&choice=p1`,
          }),
        ],
      },
      {
        ...crossOrigin({ param: "supabase", headers: { "content-type": "application/x-www-form-urlencoded" }, raw: `state=${UNKNOWN_NONCE}&choice=p1` }),
        description: "A form posted from another site's page (its `Origin` says so) is refused before anything is read (JSON, not a page).",
      },
      ...unreplayedPages("db_insert_failed` or `encryption_key_unavailable", "oauth_exchange_failed", true),
    ],
  }),
  route({
    method: "GET",
    path: "/api/oauth/broker/{provider}/start",
    handler: connectionFlow.brokerStart,
    tag: "Connections",
    summary: "Start connecting a provider through the broker",
    description:
      "Reached from authorize for a provider with `oauth_client_config.broker.auth_config_id`. Asks the broker (`BROKER_API_URL`) to start a connected account for " +
      "the workspace, with this service's broker callback as its return address, and redirects to the broker's hosted consent page, setting two state cookies scoped " +
      "to the callback path. In embed mode (`embed=1` without `internal=1`) it first redirects to the connect wizard `/connections/connect/{provider}`, which shows " +
      "the provider and the workspace's existing connections. Owners and members; checks, in order: session, provider, workspace and role, configuration, the query." +
      BROWSER_NAVIGATION,
    auth: ["session"],
    pathParam: providerParam,
    query: brokerStartQuery,
    responses: [
      {
        status: 302,
        description: "To the broker's hosted consent page (with the state cookies), or in embed mode to the connect wizard.",
        headers: { Location: "The broker's consent URL, or `/connections/connect/{provider}?…`", "Set-Cookie": "The two state cookies (to the broker only)" },
        examples: [
          {
            name: "embed-wizard",
            summary: "Embed mode: the connect wizard first",
            responseHeaders: { location: "/connections/connect/github?embed=1" },
            request: { as: "owner", param: "github", query: { embed: "1" } },
          },
          signInFirst("github"),
        ],
      },
      badStartQuery("github"),
      startUnauthorized("github"),
      startViewer("github"),
      {
        status: 404,
        description: "No broker provider of this slug in the catalog (a first-party provider included), or you belong to no workspace.",
        schema: codeErrorBody,
        examples: [
          { name: "unknown-provider", summary: "A slug the catalog lacks", body: error("provider_unknown"), request: { as: "owner", param: "nothing-here" } },
          { name: "first-party-provider", summary: "The first-party provider", body: error("provider_unknown"), request: { as: "owner", param: "supabase" } },
          { name: "no-workspace", summary: "Signed in, no workspace", body: error("no_tenant"), request: { as: "newcomer", param: "github" } },
        ],
      },
      {
        status: 500,
        description: "`broker_auth_config_missing` (the catalog row's broker config has no `auth_config_id`) or `encryption_key_unavailable` (no `INTEGRATION_ENCRYPTION_KEY`).",
        schema: codeErrorBody,
      },
      {
        status: 502,
        description:
          "`broker_initiate_failed` with the reason in `detail` (the broker is unreachable, refused, or `BROKER_API_KEY` is unset), or `broker_no_redirect_url` " +
          "(the broker answered without a consent URL).",
        schema: codeErrorBody,
        examples: [
          {
            name: "no-broker-key",
            summary: "The service has no `BROKER_API_KEY`",
            body: error("broker_initiate_failed", "BROKER_API_KEY is not set"),
            request: { as: "owner", param: "github" },
          },
        ],
      },
    ],
  }),
  route({
    method: "GET",
    path: "/api/oauth/broker/{provider}/callback",
    handler: connectionFlow.brokerCallbackRoute,
    tag: "Connections",
    summary: "The broker's redirect back",
    description:
      "Where the broker's consent page sends the popup, with `cstate` (the flow's nonce) and `connected_account_id` (or `error`). The state cookie and `cstate` " +
      "must match; the account is fetched from the broker and must be this workspace's, of this auth config, and active. The connection is stored as " +
      "`broker_managed` (no credential kept here), and bound to the app of `app_key` in embed mode. " +
      POPUP_DESCRIPTION,
    auth: [],
    pathParam: providerParam,
    query: z.object({
      cstate: z.string().optional().describe("The nonce of the flow, as start sent it."),
      connected_account_id: z.string().optional().describe("The broker's connected account."),
      error: z.string().optional().describe("The broker's or provider's refusal: becomes the posted `code`."),
    }),
    responses: [
      { status: 200, description: "An HTML page posting `svc:oauth:done`.", contentType: "text/html" },
      {
        status: 400,
        description:
          "An HTML page posting `svc:oauth:error`: `provider_unknown`, `missing_cstate`, `oauth_state_invalid` (no matching state cookie, expired, used, or an account " +
          "of another workspace or auth config), `missing_broker_account_id`, `broker_not_active`, or the broker's own `?error=` code.",
        contentType: "text/html",
        examples: [
          popupExample("unknown-provider", "A provider that does not go through the broker", PROVIDER_UNKNOWN, { as: "anonymous", param: "supabase", query: { cstate: UNKNOWN_NONCE } }),
          popupExample("missing-cstate", "No `cstate`", posted("missing_cstate", "The broker's answer lacked the state of this connection."), { as: "anonymous", param: "github" }),
          popupExample("no-state-cookie", "A nonce without its state cookie (opened outside the popup)", STATE_INVALID, {
            as: "owner",
            param: "github",
            query: { cstate: UNKNOWN_NONCE, connected_account_id: "ca_1" },
          }),
        ],
      },
      ...unreplayedPages("db_insert_failed` or `encryption_key_unavailable", "broker_get_failed"),
    ],
  }),
  route({
    method: "GET",
    path: "/api/oauth/result",
    handler: connectionFlow.connectionFlowResult,
    tag: "Connections",
    summary: "A popup's final message, for an SDK that lost its opener",
    description:
      "When a popup cannot reach its opener (a browser that severs `window.opener`), the SDK fetches the flow's final message here with the `sdk_nonce` it passed " +
      "at the start. Each result is handed out once and kept 10 minutes at most; until there is one (and after it was taken) the answer is `{ status: 'pending' }`, " +
      "not an error, so an SDK that asks every 1.5 s logs no failed requests. Readable from any origin (`Access-Control-Allow-Origin: *`): the nonce is the secret.",
    auth: [],
    query: z.object({ sdk_nonce: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/).describe("The nonce the SDK passed to authorize.") }),
    responses: [
      {
        status: 200,
        description: "The message the popup posted (`svc:oauth:done` or `svc:oauth:error`), once; otherwise `{ status: 'pending' }` (the flow has not finished, the result was taken already, or it expired).",
        schema: z.union([oauthMessageOutput, z.object({ status: z.literal("pending") })]),
        headers: { "Cache-Control": "`no-store`" },
        examples: [{ name: "pending", summary: "A nonce no flow finished with (yet)", body: { status: "pending" }, request: { as: "anonymous", query: { sdk_nonce: "sdk_nonce_nobody_used_1234" } } }],
      },
      {
        status: 400,
        description: "No `sdk_nonce`, or not 16-128 URL-safe characters.",
        schema: codeErrorBody,
        examples: [
          { name: "missing", summary: "No nonce", body: error("invalid_sdk_nonce"), request: { as: "anonymous" } },
          { name: "malformed", summary: "A nonce with a space", body: error("invalid_sdk_nonce"), request: { as: "anonymous", query: { sdk_nonce: "not a valid nonce at all" } } },
        ],
      },
    ],
  }),
];
