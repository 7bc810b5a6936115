import { connectionOutput, connectSessionOutput, renameConnectionBody } from "../../server/connections";
import { type ReplayRequest, type ResponseDoc } from "../openapi/operation";
import { REST_OF_PATH } from "../route-match";
import { route, type Route } from "../route-types";
import { badBearer, crossOrigin, INVALID_BEARER, invalidJson, noSession, noWorkspaceExample } from "../openapi/common-responses";
import { z } from "zod";
import { AppError } from "../../server/platform/errors";
import { call, pathParam } from "../bind";
import type { RequestContext } from "../request-context";
import * as connections from "./connections";
import { sdkFile } from "./sdk";

/**
 * The rest of a workspace's connections over REST (issue 7): connect sessions for embedding
 * apps, disconnecting from the dashboard, and the browser SDK that opens the popups.
 */
type Request = Omit<ReplayRequest, "as">;

/** A bearer that is an identity token (JWT) is not an `svc_sk_` key: refused like any other. */
export function keyOnly(request: Request = {}): ResponseDoc {
  const base = badBearer(request);
  return {
    ...base,
    description: `${base.description} An identity token (JWT) is refused too.`,
    examples: [...base.examples!, { name: "identity-token", summary: "An identity token (JWT) instead of a key", body: INVALID_BEARER, request: { as: "ownerToken", ...request } }],
  };
}

const UNKNOWN_CONNECTION = "00000000-0000-4000-8000-000000000000";
const CONNECTION_NOT_FOUND = { message: "Connection not found" };

/**
 * A path segment that is no UUID (malformed percent-encoding included) names no connection:
 * 404, as for an unknown id, not the procedure's 400 for a bad input nor a 500 from decoding.
 */
function connectionIdIsUuid(ctx: RequestContext): void {
  if (!z.uuid().safeParse(pathParam(ctx, "id")).success) throw new AppError("NOT_FOUND", "Connection not found");
}

export const connectionOperations: Route[] = [
  route({
    method: "POST",
    path: "/api/connect/sessions",
    handler: connections.createSession,
    tag: "Connections",
    summary: "Create a connect session (server to server)",
    description:
      "An embedding app's server trades its App Key for a 30-minute `svc_cs_` token, usable only as the `app_key` of `GET /api/oauth/{provider}/authorize`, " +
      "so the App Key itself never travels in a browser URL. No body. Never cached.",
    auth: ["appKey"],
    responses: [
      {
        status: 201,
        description: "The session token and when it expires.",
        schema: connectSessionOutput,
        headers: { "Cache-Control": "`no-store`" },
        examples: [
          { name: "created", summary: "A new session", body: { token: "svc_cs_q8Zr2Kp5Tn7Wv9Xb1Cd3Ef5Gh7Jk9Lm1Np3Qr5St7Uv9", expires_at: "2026-01-07T08:30:00.000Z" }, request: { as: "adminKey" } },
        ],
      },
      keyOnly(),
      { status: 403, description: "A CLI key (`svc login`) whose person is a viewer: a connect session makes a connection (`Viewers cannot manage connections`). An app's own key is the app acting and is never refused this way." },
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/connections/{id}",
    handler: call((caller) => caller.connections.disconnect, { auth: "session", guard: connectionIdIsUuid, input: (ctx) => ({ connectionId: pathParam(ctx, "id") }), empty: true }),
    sessionCookie: true,
    tag: "Connections",
    summary: "Disconnect a connection",
    description:
      "Owners and members, from the dashboard. Removes the connection from the workspace: every app bound to it is unbound (its integration variables go " +
      "with the binding, a `connection.unbound` event each), then a `connection.revoked` event. A broker-managed connection is deleted at the broker first; " +
      "if the broker fails the connection is kept (502) so nothing is left orphaned there.",
    auth: ["session"],
    pathParam: { name: "id", description: "The connection's `id` (a UUID).", pattern: REST_OF_PATH },
    responses: [
      { status: 204, description: "Disconnected." },
      noSession({ param: UNKNOWN_CONNECTION }),
      {
        ...crossOrigin({ param: UNKNOWN_CONNECTION }),
        description: `${crossOrigin().description} A viewer of the workspace may not disconnect.`,
        examples: [
          ...crossOrigin({ param: UNKNOWN_CONNECTION }).examples!,
          { name: "viewer", summary: "A viewer of the workspace", body: { message: "Viewers cannot manage connections" }, request: { as: "viewer", param: UNKNOWN_CONNECTION } },
        ],
      },
      {
        status: 404,
        description: "No connection of this id in your workspace (an id that is no UUID names none), or you belong to no workspace.",
        examples: [
          { name: "unknown", summary: "An id the workspace never had", body: CONNECTION_NOT_FOUND, request: { as: "owner", param: UNKNOWN_CONNECTION } },
          { name: "not-a-uuid", summary: "An id that is not a UUID", body: CONNECTION_NOT_FOUND, request: { as: "owner", param: "not-a-uuid" } },
          noWorkspaceExample({ param: UNKNOWN_CONNECTION }),
        ],
      },
      {
        status: 502,
        description:
          "The broker could not delete a broker-managed connection: `{ message, error: 'broker_delete_failed', detail }`; the connection and its bindings are kept, try again.",
      },
    ],
  }),
  route({
    method: "PATCH",
    path: "/api/connections/{id}",
    handler: call((caller) => caller.connections.rename, { auth: "session", guard: connectionIdIsUuid, body: true, input: (ctx) => ({ connectionId: pathParam(ctx, "id") }) }),
    sessionCookie: true,
    tag: "Connections",
    summary: "Rename a connection",
    description:
      "Owners and members, from the dashboard. `displayName`: 1-100 characters, the connection's own name (a workspace may hold several accounts of one " +
      "provider; the name tells them apart). Apps bound to it see the new name at once in `GET /api/deployments/me/connections`; a later reconnect keeps it.",
    auth: ["session"],
    pathParam: { name: "id", description: "The connection's `id` (a UUID).", pattern: REST_OF_PATH },
    jsonBody: renameConnectionBody,
    responses: [
      { status: 200, description: "The renamed connection.", schema: connectionOutput },
      {
        status: 400,
        description: "`displayName` is missing, empty, over 100 characters or holds control characters, or the body is not a JSON object.",
        examples: [
          { name: "empty-name", summary: "An empty name", body: { message: "Display name must be 1-100 characters" }, request: { as: "owner", param: UNKNOWN_CONNECTION, json: { displayName: " " } } },
          invalidJson("owner", { param: UNKNOWN_CONNECTION }),
        ],
      },
      noSession({ param: UNKNOWN_CONNECTION, json: { displayName: "Work" } }),
      {
        ...crossOrigin({ param: UNKNOWN_CONNECTION, json: { displayName: "Work" } }),
        description: `${crossOrigin().description} A viewer of the workspace may not rename.`,
        examples: [
          ...crossOrigin({ param: UNKNOWN_CONNECTION, json: { displayName: "Work" } }).examples!,
          { name: "viewer", summary: "A viewer of the workspace", body: { message: "Viewers cannot manage connections" }, request: { as: "viewer", param: UNKNOWN_CONNECTION, json: { displayName: "Work" } } },
        ],
      },
      {
        status: 404,
        description: "No connection of this id in your workspace (an id that is no UUID names none), or you belong to no workspace.",
        examples: [
          { name: "unknown", summary: "An id the workspace never had", body: CONNECTION_NOT_FOUND, request: { as: "owner", param: UNKNOWN_CONNECTION, json: { displayName: "Work" } } },
          { name: "not-a-uuid", summary: "An id that is not a UUID", body: CONNECTION_NOT_FOUND, request: { as: "owner", param: "not-a-uuid", json: { displayName: "Work" } } },
          noWorkspaceExample({ param: UNKNOWN_CONNECTION, json: { displayName: "Work" } }),
        ],
      },
    ],
  }),
  route({
    method: "GET",
    path: "/sdk/{file}",
    handler: sdkFile,
    tag: "Connections",
    summary: "The browser SDK",
    description:
      "`connect.js` (an ES module whose `connect(options)` opens the connection popup and resolves with the connection, or rejects with a `ConnectError`), its TypeScript declarations `connect.d.ts` (`application/typescript`), and " +
      "`connect.<hash>.js`, the same bytes under a content-addressed name. Third-party pages import it from another origin, so every answer carries " +
      "`Access-Control-Allow-Origin: *` and `Cross-Origin-Resource-Policy: cross-origin`. `connect.js` is cached for an hour, then revalidated by its `ETag` " +
      "(`If-None-Match` answers 304), and names its versioned URL in `X-SDK-Versioned-URL`; the versioned file is cached for a year.",
    auth: [],
    pathParam: { name: "file", description: "`connect.js`, `connect.d.ts` or `connect.<hash>.js`.", pattern: REST_OF_PATH },
    responses: [
      {
        status: 200,
        description: "The file.",
        contentType: "text/javascript",
        headers: {
          "Cache-Control": "`public, max-age=3600` (`public, max-age=31536000, immutable` for the versioned name)",
          ETag: "The content hash",
          "X-SDK-Versioned-URL": "`/sdk/connect.<hash>.js` (on `connect.js` only)",
        },
        examples: [{ name: "connect", summary: "The SDK", request: { as: "anonymous", param: "connect.js" } }],
        moreContent: [{ contentType: "application/typescript", examples: [{ name: "types", summary: "The SDK's TypeScript declarations", request: { as: "anonymous", param: "connect.d.ts" } }] }],
      },
      { status: 304, description: "Not modified: the `If-None-Match` names the current `ETag`." },
      {
        status: 404,
        description: "Not one of the SDK's files, or a versioned name whose hash is not the current one.",
        examples: [
          { name: "unknown-file", summary: "Another file name", body: { message: "Not found" }, request: { as: "anonymous", param: "other.js" } },
          { name: "old-version", summary: "A versioned name of another build", body: { message: "Not found" }, request: { as: "anonymous", param: "connect.AAAAAAAAAAAAAAAA.js" } },
        ],
      },
    ],
  }),
  route({
    method: "GET",
    path: "/api/integrations/{slug}/logo",
    handler: connections.integrationLogoFile,
    tag: "Connections",
    summary: "A catalog row's logo",
    description:
      "The logo of an enabled catalog row, fetched by the service from the row's `logo` URL (or decoded from its `data:` URL) and kept an hour, so the dashboard " +
      "shows it from its own origin (its CSP allows no other image origin). PNG, GIF, WebP, JPEG, SVG or ICO, at most 256 KiB. No sign-in needed.",
    auth: [],
    pathParam: { name: "slug", description: "The provider's catalog slug." },
    responses: [
      { status: 200, description: "The image.", contentType: "image/png", headers: { "Cache-Control": "`public, max-age=3600`" } },
      {
        status: 404,
        description: "No enabled row of that slug, no logo, or a logo that could not be fetched or is not an image.",
        examples: [{ name: "unknown", summary: "A slug the catalog lacks", body: { message: "Logo not found" }, request: { as: "anonymous", param: "nothing-here" } }],
      },
    ],
  }),
];
