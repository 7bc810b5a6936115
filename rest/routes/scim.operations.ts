import { scimGroupListOutput, scimGroupRoleInput, scimGroupRoleOutput, scimTokenCreatedOutput, scimTokenListOutput } from "../../server/scim";
import { AppError } from "../../server/platform/errors";
import { REST_OF_PATH } from "../route-match";
import { route, type Route } from "../route-types";
import { crossOrigin, invalidJson, noSession, noWorkspace, ownerOnly } from "../openapi/common-responses";
import { call } from "../bind";
import type { RequestContext } from "../request-context";

/**
 * A workspace owner's SCIM provisioning (issue 32, ADR 080): the tokens its directory uses at
 * `{BASE_URL}/scim/v2` (served by the raw route in rest/routes/scim.ts), and the role each
 * directory group gives its members.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNKNOWN = "6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b";
const OWNER_ONLY = "Only the workspace owner can manage members";

function idParam(ctx: RequestContext, notFound: string): string {
  const id = ctx.params.id ?? "";
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", notFound);
  return id.toLowerCase();
}

export const scimOperations: Route[] = [
  route({
    method: "POST",
    path: "/api/tenants/me/scim-tokens",
    handler: call((caller) => caller.scim.createToken, { auth: "session", status: 201, noStore: true }),
    sessionCookie: true,
    tag: "Members",
    summary: "Create a SCIM token",
    description:
      "Owner only. A `svc_scim_` token for the workspace's directory (Okta, Microsoft Entra ID, ...) to provision people at `{BASE_URL}/scim/v2` " +
      "(SCIM 2.0, RFC 7643 and 7644) as `Authorization: Bearer`. The token is shown once: only its hash is kept.",
    auth: ["session"],
    responses: [
      {
        status: 201,
        description: "The token (shown once).",
        schema: scimTokenCreatedOutput,
        examples: [{ name: "created", summary: "A new token", body: { id: "2b7c9e1a-5d3f-4a8b-9c6d-1e2f3a4b5c6d", token: "svc_scim_Q2h5c3Rhbm5lIGlzIGEgZmljdGlvbmFsIHRva2VuIQx", createdAt: "2026-01-06T10:00:00.000Z" }, request: { as: "owner" } }],
      },
      noSession(),
      crossOrigin(),
      ownerOnly(OWNER_ONLY),
      noWorkspace(),
    ],
  }),
  route({
    method: "GET",
    path: "/api/tenants/me/scim-tokens",
    handler: call((caller) => caller.scim.listTokens, { noStore: true }),
    tag: "Members",
    summary: "List SCIM tokens",
    description: "Owner only. The workspace's live SCIM tokens, newest first: never the token, only its first characters and when it was last used.",
    auth: ["session"],
    responses: [
      { status: 200, description: "The tokens.", schema: scimTokenListOutput, examples: [{ name: "none", summary: "No token yet", body: { tokens: [] }, request: { as: "owner" } }] },
      noSession(),
      ownerOnly(OWNER_ONLY),
      noWorkspace(),
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/tenants/me/scim-tokens/{id}",
    handler: call((caller) => caller.scim.revokeToken, { input: (ctx) => ({ id: idParam(ctx, "SCIM token not found") }), empty: true }),
    sessionCookie: true,
    tag: "Members",
    summary: "Revoke a SCIM token",
    description: "Owner only. The directory's next request with it is refused, on every instance.",
    auth: ["session"],
    pathParam: { name: "id", description: "The token's id (UUID), as listed.", pattern: REST_OF_PATH },
    responses: [
      { status: 204, description: "Revoked." },
      noSession({ param: UNKNOWN }),
      crossOrigin({ param: UNKNOWN }),
      ownerOnly(OWNER_ONLY, { param: UNKNOWN }),
      {
        status: 404,
        description: "No live SCIM token with this id in your workspace.",
        examples: [
          { name: "unknown", summary: "An id that names no token", body: { message: "SCIM token not found" }, request: { as: "owner", param: UNKNOWN } },
          { name: "not-an-id", summary: "Not a UUID", body: { message: "SCIM token not found" }, request: { as: "owner", param: "abc" } },
        ],
      },
    ],
  }),
  route({
    method: "GET",
    path: "/api/tenants/me/scim-groups",
    handler: call((caller) => caller.scim.listGroups, { noStore: true }),
    tag: "Members",
    summary: "List directory groups",
    description: "Owner only. The groups the workspace's directory provisioned over SCIM, each with the role it gives its members (`member`, `viewer` or none).",
    auth: ["session"],
    responses: [
      { status: 200, description: "The groups.", schema: scimGroupListOutput, examples: [{ name: "none", summary: "No group provisioned", body: { groups: [] }, request: { as: "owner" } }] },
      noSession(),
      ownerOnly(OWNER_ONLY),
      noWorkspace(),
    ],
  }),
  route({
    method: "PUT",
    path: "/api/tenants/me/scim-groups/{id}",
    handler: call((caller) => caller.scim.setGroupRole, { auth: "session", body: true, input: (ctx) => ({ id: idParam(ctx, "SCIM group not found") }) }),
    sessionCookie: true,
    tag: "Members",
    summary: "Give a directory group a role",
    description:
      "Owner only. `role` is `member`, `viewer` or null (the group gives none); never `owner`. Its provisioned members have the role at once " +
      "(a person in several groups has the highest; in none given a role, `member`). A member whose role changes loses the keys they minted in the workspace, as with any role change.",
    auth: ["session"],
    pathParam: { name: "id", description: "The group's SCIM `id` (UUID).", bodyField: "id", pattern: REST_OF_PATH },
    jsonBody: scimGroupRoleInput,
    responses: [
      { status: 200, description: "The group with its role.", schema: scimGroupRoleOutput },
      {
        status: 400,
        description: "The role is invalid.",
        examples: [
          { name: "owner-role", summary: "A group never gives owner", body: { message: "role is member or viewer (a group never gives owner)" }, request: { as: "owner", param: UNKNOWN, json: { role: "owner" } } },
          invalidJson("owner", { param: UNKNOWN }),
        ],
      },
      noSession({ param: UNKNOWN, json: { role: "viewer" } }),
      crossOrigin({ param: UNKNOWN, json: { role: "viewer" } }),
      ownerOnly(OWNER_ONLY, { param: UNKNOWN, json: { role: "viewer" } }),
      { status: 404, description: "No such group in your workspace.", examples: [{ name: "unknown", summary: "An id that names no group", body: { message: "SCIM group not found" }, request: { as: "owner", param: UNKNOWN, json: { role: "viewer" } } }] },
    ],
  }),
];
