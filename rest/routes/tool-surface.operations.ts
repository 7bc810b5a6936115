import { z } from "zod";
import { appEventsOutput, boundConnectionsOutput } from "../../server/connections";
import { codeErrorBody } from "../../server/platform/error-bodies";
import { type ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { INVALID_BEARER } from "../openapi/common-responses";
import { keyOnly } from "./connections.operations";
import { myConnections, myConnectionsFast, myEvents } from "./tool-surface";
import { providerProxy } from "./provider-proxy";

/**
 * What a deployed tool calls with its App Key (SPEC 4.5, issue 7 section 7, ADRs 016-017):
 * the connections bound to its app, the app's event log, and the provider proxy. The tenant
 * and app come from the key alone; a JWT or any token not starting with `svc_sk_` is refused.
 * The replays use the administrator's CLI key, whose app has no connection bound.
 */

const CONNECTION = {
  connectionId: "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
  externalId: "svc_conn_Qm9vZ2xlU3R1ZmZIZXJlMTIz",
  displayName: "octocat",
  createdAt: "2026-01-07T08:00:00.000Z",
};

const EVENT_DATA = { connectionId: CONNECTION.connectionId, externalId: CONNECTION.externalId, provider: "github", displayName: "octocat", profile: "broker_managed" };

const PROXY_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** 401s of the proxy: the no-bearer and not-a-key cases (an unknown key is refused alike, and counts against the address's key-failure limit). */
function proxyUnauthorized(first: boolean): ResponseDoc {
  const param = { params: { provider: "github", path: "user" } };
  return {
    status: 401,
    description: "No `Authorization: Bearer svc_sk_…` header, a token that is not an `svc_sk_` key (an identity token included), or a key that is unknown or revoked.",
    examples: [
      { name: "no-bearer", summary: "No Authorization header", body: INVALID_BEARER, request: { as: "anonymous", ...param } },
      ...(first
        ? [
            { name: "identity-token", summary: "An identity token (JWT) instead of a key", body: INVALID_BEARER, request: { as: "ownerToken" as const, ...param } },
            {
              name: "unknown-key",
              summary: "An svc_sk_ key the service never issued",
              body: INVALID_BEARER,
              request: { as: "anonymous" as const, ...param, headers: { authorization: "Bearer svc_sk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" } },
            },
          ]
        : []),
    ],
  };
}

function proxyOperation(method: (typeof PROXY_METHODS)[number]): Route {
  const first = method === "GET";
  return route({
    method,
    path: "/api/proxy/{provider}/{path}",
    // `npm start` answers the proxy on raw Node objects first (rest/provider-proxy.ts); this
    // serves hosts that hand the edge a fetch Request (remix-serve). Every path under the
    // prefix reaches the handler, which judges it (and reads it from the URL itself).
    pathPattern: /^\/api\/proxy\/[^/]*(?:\/.*)?$/s,
    handler: providerProxy,
    tag: "Tools",
    summary: `Call a connected provider's API (${method})`,
    description:
      "The provider proxy: a deployed tool calls its provider with its App Key and never holds the provider's token. The connection is the one bound to the " +
      "key's app for `provider`. First-party: the stored token goes in `Authorization` and the request streams to the catalog's `api_base_url` + `path` + query, " +
      "and the answer streams back as the provider sent it (status, headers, body; cookies dropped); an expired token is refreshed first, and a 401 from the " +
      "provider is refreshed and retried once. Broker-managed: one call to the broker's proxy endpoint (bodies up to 4 MiB), whose answer is returned. " +
      "Inbound `Authorization`, cookies, `X-Svc-*` and forwarding headers never reach the provider. The same rules hold for GET, POST, PUT, PATCH and DELETE.",
    auth: ["appKey"],
    pathParams: [
      { name: "provider", description: "The provider's catalog slug." },
      { name: "path", description: "The provider API path, as many segments as needed, still percent-encoded; dot segments and encoded slashes are refused." },
    ],
    responses: [
      { status: 200, description: "The provider's answer, whatever its status (a 4xx of the provider is passed through as is)." },
      {
        status: 400,
        description: "`invalid_path`: the path starts with `//`, or has a dot segment, an encoded slash or backslash, a NUL, or malformed percent-encoding.",
        schema: codeErrorBody,
        examples: first
          ? [
              { name: "double-slash", summary: "A path starting with //", body: { error: "invalid_path", detail: "the path must not start with //" }, request: { as: "adminKey", params: { provider: "github", path: "/evil.example/x" } } },
              {
                name: "encoded-slash",
                summary: "An encoded slash in a segment",
                body: { error: "invalid_path", detail: "dot segments and encoded slashes are not allowed in the path" },
                request: { as: "adminKey", params: { provider: "github", path: "repos%2F..%2Fadmin" } },
              },
              {
                name: "bad-encoding",
                summary: "Malformed percent-encoding",
                body: { error: "invalid_path", detail: "the path is not valid percent-encoding" },
                request: { as: "adminKey", params: { provider: "github", path: "%E0%A4%A" } },
              },
            ]
          : [{ name: "double-slash", summary: "A path starting with //", body: { error: "invalid_path", detail: "the path must not start with //" }, request: { as: "adminKey", params: { provider: "github", path: "/evil.example/x" } } }],
      },
      proxyUnauthorized(first),
      {
        status: 404,
        description: "`connection_not_found`: the key's app has no connection bound for this provider (or the slug is not one).",
        schema: codeErrorBody,
        examples: [{ name: "not-bound", summary: "No connection bound for the provider", body: { error: "connection_not_found" }, request: { as: "adminKey", params: { provider: "github", path: "user" } } }],
      },
      {
        status: 409,
        description:
          "`connection_needs_reauth`: the bound connection's state is `needs_reauth` (the provider refused its credential); the provider is not called. " +
          "A member reconnects it (the dashboard's Reconnect, or the SDK's `connect({ reconnect: connection_id })`), which keeps its id and bindings.",
        schema: z.object({ error: z.literal("connection_needs_reauth"), connection_id: z.uuid() }),
      },
      { status: 413, description: "`payload_too_large`: a broker-managed call's body is over 4 MiB.", schema: codeErrorBody },
      {
        status: 500,
        description: "`oauth_client_config_missing` (the catalog row has no usable `api_base_url`, `token_url`, or the client id is unset) or `encryption_key_unavailable`.",
        schema: codeErrorBody,
      },
      {
        status: 502,
        description: "`upstream_unreachable` (the provider could not be reached), `token_refresh_failed` (connect the account again) or `broker_proxy_failed`, with `detail`.",
        schema: codeErrorBody,
      },
      { status: 504, description: "`upstream_timeout`: the provider sent no answer within 60 seconds.", schema: codeErrorBody },
    ],
  });
}

export const toolSurfaceOperations: Route[] = [
  route({
    method: "GET",
    path: "/api/deployments/me/connections",
    handler: myConnections,
    fast: myConnectionsFast,
    tag: "Tools",
    summary: "The connections bound to the key's app",
    description:
      "For a deployed tool: the connections bound to the app of its `svc_sk_` key, one per provider, sorted by provider, with the provider-specific `context` " +
      "(e.g. the chosen project) and the connection's health (`status`, `statusReason`, `statusChangedAt`: a connection in `needs_reauth` must be reconnected by a member). Never the credentials: calls go through `/api/proxy/{provider}/{path}`. Never cached; it follows binds and unbinds at once.",
    auth: ["appKey"],
    responses: [
      {
        status: 200,
        description: "The bound connections (an empty list when none is bound).",
        schema: boundConnectionsOutput,
        headers: { "Cache-Control": "`no-store`" },
        examples: [
          {
            name: "bound",
            summary: "One connection bound",
            body: { connections: [{ provider: "github", ...CONNECTION, profile: "broker_managed", status: "active", statusReason: null, statusChangedAt: "2026-01-07T08:00:00.000Z", context: {} }] },
            request: { as: "adminKey" },
          },
        ],
      },
      keyOnly(),
    ],
  }),
  route({
    method: "GET",
    path: "/api/deployments/me/events",
    handler: myEvents,
    tag: "Tools",
    summary: "The app's connection events",
    description:
      "For a deployed tool: the append-only log of what happened to its connections, oldest first: `connection.created`, `connection.deleted` (a person disconnected it), `connection.revoked` " +
      "(found gone at the provider), `connection.needs_reauth` and `connection.reconnected` (of the whole workspace), `connection.bound` and `connection.unbound` (of this app), " +
      "and the workspace's other changes that webhooks announce: `member.added` and `member.removed` (of the whole workspace), `deployment.created` and " +
      "`deployment.deleted` (of the deployment's app). An event's `id` is the `webhook-id` its webhook carries. Pass the answer's `nextCursor` as `after` to get only " +
      "newer events; `after=0` (or none) starts at the beginning. Never cached.",
    auth: ["appKey"],
    query: z.object({
      after: z
        .string()
        .regex(/^(0|[1-9][0-9]{0,18})$/)
        .optional()
        .describe("A `nextCursor` of an earlier answer: only events after it."),
      limit: z.number().int().min(1).max(100).optional().describe("At most this many events (default 50)."),
    }),
    responses: [
      {
        status: 200,
        description: "The events after the cursor and the cursor to pass next (the same `after` when there is nothing new, `null` for an empty log).",
        schema: appEventsOutput,
        headers: { "Cache-Control": "`no-store`" },
        examples: [
          {
            name: "events",
            summary: "A connection made and bound to this app",
            body: {
              events: [
                { id: "41", type: "connection.created", createdAt: "2026-01-07T08:00:00.000Z", data: { ...EVENT_DATA } },
                { id: "42", type: "connection.bound", createdAt: "2026-01-07T08:00:00.000Z", data: { ...EVENT_DATA } },
              ],
              nextCursor: "42",
            },
            request: { as: "adminKey", query: { after: "0", limit: "10" } },
          },
        ],
      },
      {
        status: 400,
        description: "`after` is not a cursor (a decimal id up to 2^63-1, given once) or `limit` is not an integer from 1 to 100 (given once).",
        examples: [
          { name: "bad-cursor", summary: "A cursor that is not one", body: { message: "after must be a cursor returned as nextCursor" }, request: { as: "adminKey", query: { after: "abc" } } },
          { name: "limit-too-big", summary: "A limit over 100", body: { message: "limit must be an integer from 1 to 100" }, request: { as: "adminKey", query: { limit: "101" } } },
        ],
      },
      keyOnly(),
    ],
  }),
  ...PROXY_METHODS.map(proxyOperation),
];
