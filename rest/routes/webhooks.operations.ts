import {
  createdWebhookOutput,
  createWebhookBody,
  rotateSecretBody,
  updateWebhookBody,
  webhookDeliveryListOutput,
  webhookDeliveryOutput,
  webhookEndpointOutput,
  webhookListOutput,
} from "../../server/webhooks";
import { AUTH_DESCRIPTION, crossOrigin, invalidJson, noWorkspace, noWorkspaceExample, ownerOnly, refused } from "../openapi/common-responses";
import type { ResponseDoc, ReplayRequest } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { workspaceList } from "./workspace-list";
import { call, pathParam } from "../bind";

const ENDPOINT = {
  id: "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d",
  url: "https://hooks.example.com/svc",
  description: "Billing sync",
  eventTypes: ["connection.created", "connection.revoked"],
  enabled: true,
  disabledAt: null,
  disabledReason: null,
  createdAt: "2026-01-07T08:00:00.000Z",
  updatedAt: "2026-01-07T08:00:00.000Z",
  previousSecretExpiresAt: null,
};
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const NOT_FOUND = { message: "Webhook endpoint not found" };
const PERMISSIONS =
  "The workspace owner only (members and viewers get 403), like the workspace's other settings: an endpoint receives every change it subscribes to.";
const DELIVERY_CONTRACT =
  "Each event is POSTed as JSON `{ type, timestamp, data }` with the Standard Webhooks headers `webhook-id` (the event's id, the same on every attempt and on " +
  "`GET /api/deployments/me/events`), `webhook-timestamp` (seconds, new on every attempt) and `webhook-signature` (`v1,` and base64 HMAC-SHA256 of " +
  "`<id>.<timestamp>.<body>` keyed with the secret's bytes), at least once, retried after 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h until a 2xx " +
  "(`WEBHOOK_RETRY_SCHEDULE` changes it); an endpoint answering 410, or failing for 5 days, is disabled.";

const endpointParam = { name: "endpointId", description: "The endpoint's `id`, as listed." };
const deliveryParam = { name: "deliveryId", description: "The delivery's `id`, from the endpoint's delivery log." };

const forbidden = (request: Omit<ReplayRequest, "as">): ResponseDoc => ownerOnly("Only the workspace owner can manage webhooks", request);

const notFound = (request: Omit<ReplayRequest, "as">): ResponseDoc => ({
  status: 404,
  description: "No endpoint of this id in your workspace, or you belong to no workspace.",
  examples: [
    { name: "unknown", summary: "An id that names no endpoint of yours", body: NOT_FOUND, request: { as: "owner", ...request } },
    noWorkspaceExample(request),
  ],
});

const badInput: ResponseDoc = {
  status: 400,
  description: "A URL that is not http(s), resolves to a refused address (link-local, metadata; loopback and private ones only where the app-proxy may reach them), a description with control characters, an unknown event type, or a body that is not JSON.",
  examples: [
    {
      name: "refused-address",
      summary: "The cloud metadata address",
      body: { message: "Endpoint URL not allowed: 169.254.169.254 is a link-local address" },
      request: { as: "owner", json: { url: "http://169.254.169.254/latest" } },
    },
    {
      name: "not-http",
      summary: "A URL of another scheme",
      body: { message: "Endpoint URL must be an http or https URL of at most 2000 characters" },
      request: { as: "owner", json: { url: "ftp://hooks.example.com/svc" } },
    },
    {
      name: "unknown-event",
      summary: "An event type not in the list",
      body: {
        message:
          "Events must be a list of: connection.created, connection.reconnected, connection.needs_reauth, connection.revoked, connection.deleted, deployment.created, deployment.deleted, member.added, member.removed",
      },
      request: { as: "owner", json: { url: "http://127.0.0.1:9/hook", eventTypes: ["connection.exploded"] } },
    },
    invalidJson("owner"),
  ],
};

export const webhookOperations: Route[] = [
  workspaceList({
    path: "/api/webhooks",
    tag: "Webhooks",
    summary: "Webhook endpoints of your workspace",
    description: `Every endpoint, enabled or not, without its secret. ${PERMISSIONS}`,
    procedure: (caller) => caller.webhooks.list,
    field: "endpoints",
    ok: { status: 200, description: "The endpoints.", schema: webhookListOutput, headers: { "Cache-Control": "`no-store`" }, examples: [{ name: "list", summary: "One endpoint", body: { endpoints: [ENDPOINT] }, request: { as: "owner", setup: "webhook" } }] },
    refusals: [forbidden({})],
  }),
  route({
    method: "POST",
    path: "/api/webhooks",
    handler: call((caller) => caller.webhooks.create, { auth: "sessionOrKey", body: true, status: 201, noStore: true }),
    sessionCookie: true,
    tag: "Webhooks",
    summary: "Register a webhook endpoint",
    description: `\`url\` (http or https, at most 2000 characters) receives the events named in \`eventTypes\` (none: every event); \`description\` (at most 500 characters) says what it is for. The answer is the only time \`secret\` (\`whsec_…\`) is shown. ${DELIVERY_CONTRACT} ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    jsonBody: createWebhookBody,
    responses: [
      {
        status: 201,
        description: "The new endpoint, with its secret shown once.",
        schema: createdWebhookOutput,
        headers: { "Cache-Control": "`no-store`" },
        examples: [
          {
            name: "created",
            summary: "An endpoint for two events",
            body: { ...ENDPOINT, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw4y1Rt2ajEk8=" },
            request: { as: "owner", json: { url: "http://127.0.0.1:9/hook", description: "Billing sync", eventTypes: ["connection.created", "connection.revoked"] } },
          },
        ],
      },
      badInput,
      refused({ json: { url: "http://127.0.0.1:9/hook" } }),
      forbidden({ json: { url: "http://127.0.0.1:9/hook" } }),
      crossOrigin({ json: { url: "http://127.0.0.1:9/hook" } }),
      noWorkspace({ json: { url: "http://127.0.0.1:9/hook" } }),
    ],
  }),
  route({
    method: "GET",
    path: "/api/webhooks/{endpointId}",
    handler: call((caller) => caller.webhooks.get, { auth: "sessionOrKey", input: (ctx) => ({ endpointId: pathParam(ctx, "endpointId") }), noStore: true }),
    tag: "Webhooks",
    summary: "One webhook endpoint",
    description: `The endpoint, without its secret. ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: endpointParam,
    responses: [
      { status: 200, description: "The endpoint.", schema: webhookEndpointOutput, headers: { "Cache-Control": "`no-store`" }, examples: [{ name: "endpoint", summary: "An endpoint", body: ENDPOINT, request: { as: "owner", setup: "webhook", param: "{{setup}}" } }] },
      refused({ param: UNKNOWN }),
      forbidden({ param: UNKNOWN }),
      notFound({ param: UNKNOWN }),
    ],
  }),
  route({
    method: "PATCH",
    path: "/api/webhooks/{endpointId}",
    handler: call((caller) => caller.webhooks.update, { auth: "sessionOrKey", body: true, input: (ctx) => ({ endpointId: pathParam(ctx, "endpointId") }), noStore: true }),
    sessionCookie: true,
    tag: "Webhooks",
    summary: "Change a webhook endpoint",
    description: `Any of \`url\`, \`description\`, \`eventTypes\` (empty: every event) and \`enabled\` (true re-enables an endpoint the service disabled, forgetting its failures). The secret stays. ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: endpointParam,
    jsonBody: updateWebhookBody,
    responses: [
      {
        status: 200,
        description: "The endpoint as it is now.",
        schema: webhookEndpointOutput,
        headers: { "Cache-Control": "`no-store`" },
        examples: [{ name: "updated", summary: "A new description", body: { ...ENDPOINT, description: "Billing and CRM sync" }, request: { as: "owner", setup: "webhook", param: "{{setup}}", json: { description: "Billing and CRM sync" } } }],
      },
      {
        status: 400,
        description: "A field the rules refuse (as at creation), or a body that is not JSON.",
        examples: [
          {
            name: "refused-address",
            summary: "The cloud metadata address",
            body: { message: "Endpoint URL not allowed: 169.254.169.254 is a link-local address" },
            request: { as: "owner", setup: "webhook", param: "{{setup}}", json: { url: "http://169.254.169.254/latest" } },
          },
        ],
      },
      refused({ param: UNKNOWN, json: { description: "x" } }),
      forbidden({ param: UNKNOWN, json: { description: "x" } }),
      crossOrigin({ param: UNKNOWN, json: { description: "x" } }),
      notFound({ param: UNKNOWN, json: { description: "x" } }),
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/webhooks/{endpointId}",
    handler: call((caller) => caller.webhooks.delete, { auth: "sessionOrKey", input: (ctx) => ({ endpointId: pathParam(ctx, "endpointId") }), empty: true }),
    sessionCookie: true,
    tag: "Webhooks",
    summary: "Delete a webhook endpoint",
    description: `Nothing more is sent to it, and its delivery log goes with it. ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: endpointParam,
    responses: [
      { status: 204, description: "Deleted.", examples: [{ name: "deleted", summary: "An endpoint of the workspace", request: { as: "owner", setup: "webhook", param: "{{setup}}" } }] },
      refused({ param: UNKNOWN }),
      forbidden({ param: UNKNOWN }),
      crossOrigin({ param: UNKNOWN }),
      notFound({ param: UNKNOWN }),
    ],
  }),
  route({
    method: "POST",
    path: "/api/webhooks/{endpointId}/rotate-secret",
    handler: call((caller) => caller.webhooks.rotateSecret, { auth: "sessionOrKey", body: true, input: (ctx) => ({ endpointId: pathParam(ctx, "endpointId") }), noStore: true }),
    sessionCookie: true,
    tag: "Webhooks",
    summary: "Rotate a webhook endpoint's signing secret",
    description: `A new \`whsec_\` secret, shown this once. The secret it replaces keeps signing beside it for \`overlapSeconds\` (default 86400, a day; at most 604800; 0 stops it at once): meanwhile \`webhook-signature\` carries two space-separated signatures, as Standard Webhooks allows, so a receiver holding either secret verifies every message, and \`previousSecretExpiresAt\` says until when. A second rotation within an overlap replaces the older secret. The body is JSON (\`{}\` takes the default). ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: endpointParam,
    jsonBody: rotateSecretBody,
    responses: [
      {
        status: 200,
        description: "The endpoint with its new secret, shown once.",
        schema: createdWebhookOutput,
        headers: { "Cache-Control": "`no-store`" },
        examples: [
          {
            name: "rotated",
            summary: "A new secret; the old one signs for another hour",
            body: { ...ENDPOINT, previousSecretExpiresAt: "2026-01-07T09:00:00.000Z", secret: "whsec_Qm9vdHN0cmFwIGEgbmV3IHNlY3JldCBoZXJlIQ==" },
            request: { as: "owner", setup: "webhook", param: "{{setup}}", json: { overlapSeconds: 3600 } },
          },
        ],
      },
      {
        status: 400,
        description: "An overlap that is not a whole number of seconds from 0 to 604800, or a body that is not JSON.",
        examples: [
          {
            name: "bad-overlap",
            summary: "A negative overlap",
            body: { message: "overlapSeconds must be a whole number from 0 to 604800" },
            request: { as: "owner", setup: "webhook", param: "{{setup}}", json: { overlapSeconds: -1 } },
          },
        ],
      },
      refused({ param: UNKNOWN, json: {} }),
      forbidden({ param: UNKNOWN, json: {} }),
      crossOrigin({ param: UNKNOWN, json: {} }),
      notFound({ param: UNKNOWN, json: {} }),
    ],
  }),
  route({
    method: "GET",
    path: "/api/webhooks/{endpointId}/deliveries",
    handler: call((caller) => caller.webhooks.deliveries, { auth: "sessionOrKey", input: (ctx) => ({ endpointId: pathParam(ctx, "endpointId") }), answer: (deliveries) => ({ deliveries }), noStore: true }),
    tag: "Webhooks",
    summary: "An endpoint's delivery log",
    description: `The latest 50 deliveries, newest first, each with its status and every attempt (time, the receiver's status, latency, the first 500 characters of its answer, or why it did not answer). ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: endpointParam,
    responses: [
      { status: 200, description: "The log.", schema: webhookDeliveryListOutput, headers: { "Cache-Control": "`no-store`" }, examples: [{ name: "empty", summary: "Nothing sent yet", body: { deliveries: [] }, exact: true, request: { as: "owner", setup: "webhook", param: "{{setup}}" } }] },
      refused({ param: UNKNOWN }),
      forbidden({ param: UNKNOWN }),
      notFound({ param: UNKNOWN }),
    ],
  }),
  route({
    method: "POST",
    path: "/api/webhooks/{endpointId}/deliveries/{deliveryId}/resend",
    handler: call((caller) => caller.webhooks.resend, { auth: "sessionOrKey", input: (ctx) => ({ endpointId: pathParam(ctx, "endpointId"), deliveryId: pathParam(ctx, "deliveryId") }), status: 202, noStore: true }),
    sessionCookie: true,
    tag: "Webhooks",
    summary: "Resend a delivery",
    description: `Sends the same event again now (the same \`webhook-id\`, a new timestamp and signature); if that fails, the retry schedule starts over. ${PERMISSIONS} ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParams: [endpointParam, deliveryParam],
    responses: [
      {
        status: 202,
        description: "Queued: the delivery as it is now.",
        schema: webhookDeliveryOutput,
        headers: { "Cache-Control": "`no-store`" },
        examples: [],
      },
      refused({ params: { endpointId: UNKNOWN, deliveryId: "1" } }),
      forbidden({ params: { endpointId: UNKNOWN, deliveryId: "1" } }),
      crossOrigin({ params: { endpointId: UNKNOWN, deliveryId: "1" } }),
      {
        status: 404,
        description: "No endpoint of this id in your workspace, or no delivery of this id to it.",
        examples: [
          { name: "unknown-endpoint", summary: "An id that names no endpoint of yours", body: NOT_FOUND, request: { as: "owner", params: { endpointId: UNKNOWN, deliveryId: "1" } } },
          { name: "unknown-delivery", summary: "A delivery that is not this endpoint's", body: { message: "Delivery not found" }, request: { as: "owner", setup: "webhook", params: { endpointId: "{{setup}}", deliveryId: "1" } } },
        ],
      },
    ],
  }),
];
