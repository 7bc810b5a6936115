import { createdKeyOutput, createKeyBody, keyListOutput } from "../../server/keys";
import { AUTH_DESCRIPTION, crossOrigin, invalidJson, refused } from "../openapi/common-responses";
import { route, type Route } from "../route-types";
import { workspaceList } from "./workspace-list";
import { call, pathParam } from "../bind";

const KEY = {
  id: "5c4b3a29-1807-4f6e-9d5c-4b3a29180706",
  name: "reports job",
  prefix: "svc_sk_AbCd",
  appId: "2e1d0c9b-8a7f-4e6d-9c5b-4a3f2e1d0c9b",
  appName: "docs-app",
  purpose: "app",
  issuedBy: "grace@example.com",
  createdAt: "2026-01-07T08:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
};
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

export const keyOperations: Route[] = [
  workspaceList({
    path: "/api/keys",
    tag: "Keys",
    summary: "API keys of your workspace",
    description: `Every \`svc_sk_\` key of the workspace's apps, revoked ones included, by its display prefix: never the key itself.`,
    procedure: (caller) => caller.keys.list,
    field: "keys",
    ok: { status: 200, description: "The keys.", schema: keyListOutput, headers: { "Cache-Control": "`no-store`" }, examples: [{ name: "list", summary: "One key", body: { keys: [KEY] }, request: { as: "owner", setup: "key" } }] },
  }),
  route({
    method: "POST",
    path: "/api/keys",
    // The only answer that shows the key: never cached.
    handler: call((caller) => caller.keys.create, { auth: "sessionOrKey", body: true, status: 201, noStore: true }),
    sessionCookie: true,
    tag: "Keys",
    summary: "Create an API key for an app",
    description: `Members and the owner. \`appId\` names an app of the workspace; \`name\` (optional, at most 100 characters) says what the key is for. The answer is the only time \`apiKey\` is shown. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    jsonBody: createKeyBody,
    responses: [
      {
        status: 201,
        description: "The new key, shown once.",
        schema: createdKeyOutput,
        headers: { "Cache-Control": "`no-store`" },
        examples: [{ name: "created", summary: "A key for an app", body: { id: KEY.id, name: KEY.name, apiKey: "svc_sk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg", prefix: KEY.prefix, appId: KEY.appId }, request: { as: "owner", setup: "app", json: { appId: "{{setup}}", name: "reports job" } } }],
      },
      { status: 400, description: "A body that is not JSON.", examples: [invalidJson("owner")] },
      refused({ json: { appId: UNKNOWN } }),
      crossOrigin({ json: { appId: UNKNOWN } }),
      { status: 404, description: "No app of this id in your workspace.", examples: [{ name: "unknown-app", summary: "An id that names no app of yours", body: { message: "App not found" }, request: { as: "owner", json: { appId: UNKNOWN } } }] },
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/keys/{keyId}",
    handler: call((caller) => caller.keys.revoke, { auth: "sessionOrKey", input: (ctx) => ({ keyId: pathParam(ctx, "keyId") }), empty: true }),
    sessionCookie: true,
    tag: "Keys",
    summary: "Revoke an API key",
    description: `Members and the owner. The key stops working at once, on every instance. ${AUTH_DESCRIPTION}`,
    auth: ["session", "appKey"],
    pathParam: { name: "keyId", description: "The key's `id`, as listed." },
    responses: [
      { status: 204, description: "Revoked.", examples: [{ name: "revoked", summary: "A key of the workspace", request: { as: "owner", setup: "key", param: "{{setup}}" } }] },
      refused({ param: UNKNOWN }),
      crossOrigin({ param: UNKNOWN }),
      { status: 404, description: "No key of this id in your workspace.", examples: [{ name: "unknown-key", summary: "An id that names no key of yours", body: { message: "Key not found" }, request: { as: "owner", param: UNKNOWN } }] },
    ],
  }),
];
