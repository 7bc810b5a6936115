import { changeRoleInput, invitationCreatedOutput, inviteInput, memberChangedOutput, memberListOutput } from "../../server/members";
import { REST_OF_PATH } from "../route-match";
import { route, type Route } from "../route-types";
import { crossOrigin, invalidJson, noSession, noWorkspace, noWorkspaceExample } from "../openapi/common-responses";
import { AppError } from "../../server/platform/errors";
import { call } from "../bind";
import type { RequestContext } from "../request-context";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The path's `{param}` as a UUID; anything that is not one names nothing (404). */
function idParam(ctx: RequestContext, param: "id" | "userId", notFound: string): string {
  const id = ctx.params[param] ?? "";
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", notFound);
  return id.toLowerCase();
}

const OWNER_ID = "0b6d8f4e-2c1a-4d3b-8e5f-6a7b8c9d0e1f";
const OWNER_FIXED = { message: "The workspace owner cannot be removed or demoted" };
const SOMEONE = "7c6b5a49-3827-4615-8a4b-3c2d1e0f9a8b";

export const memberOperations: Route[] = [
  route({
    method: "GET",
    path: "/api/tenants/me/members",
    handler: call((caller) => caller.members.list, { answer: ({ workspace, members, invitations }) => ({ tenantId: workspace.tenantId, role: workspace.role, members, invitations }), noStore: true }),
    tag: "Members",
    summary: "People in your workspace",
    description:
      "The members of your current workspace (the one chosen in the dashboard's switcher, else the one you own, else the first you joined), " +
      "owner first, with your own `role`. Pending invitations are listed for the owner only; others get an empty list.",
    auth: ["session"],
    responses: [
      {
        status: 200,
        description: "Members and pending invitations.",
        schema: memberListOutput,
        examples: [
          {
            name: "members",
            summary: "An owner alone with one pending invitation",
            body: {
              tenantId: "3f1c2a9e-4b7d-4e1a-9c3b-8d2e5f6a7b8c",
              role: "owner",
              members: [{ userId: OWNER_ID, email: "ada@example.com", displayName: "Ada Lovelace", role: "owner", joinedAt: "2026-01-05T09:30:00.000Z" }],
              invitations: [{ id: "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d", email: "grace@example.com", role: "member", createdAt: "2026-01-06T10:00:00.000Z", expiresAt: "2026-01-13T10:00:00.000Z" }],
            },
            request: { as: "owner", setup: "invitation" },
          },
        ],
      },
      noSession(),
      noWorkspace(),
    ],
  }),
  route({
    method: "POST",
    path: "/api/tenants/me/invitations",
    handler: call((caller) => caller.members.invite, { auth: "session", body: true, status: 201, noStore: true }),
    sessionCookie: true,
    tag: "Members",
    summary: "Invite someone by email",
    description:
      "Owner only. Creates a single-use invitation link valid for 7 days, for the account with this email only. The `url` is shown once: " +
      "only its hash is kept. Inviting an email again replaces its pending invitation.",
    auth: ["session"],
    jsonBody: inviteInput,
    fieldNotes: { email: "trimmed and lowercased; the invitation works only for the account with this email" },
    responses: [
      {
        status: 201,
        description: "The invitation and its link (shown once).",
        schema: invitationCreatedOutput,
        examples: [{ name: "invited", summary: "A member invitation", body: { id: "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d", url: "http://localhost:3000/invite/q3X9vLh2Tz8RkYp1Nw4sJd6Fb0Gc5Ma7", expiresAt: "2026-01-13T10:00:00.000Z" }, request: { as: "owner", json: { email: "grace@example.com", role: "member" } } }],
      },
      {
        status: 400,
        description: "The email or role is invalid.",
        examples: [
          { name: "bad-email", summary: "Not an email address", body: { message: "Enter a valid email address" }, request: { as: "owner", json: { email: "grace", role: "member" } } },
          { name: "bad-role", summary: "Inviting a second owner", body: { message: "Role must be member or viewer" }, request: { as: "owner", json: { email: "grace@example.com", role: "owner" } } },
          invalidJson("owner"),
        ],
      },
      noSession({ json: { email: "grace@example.com", role: "member" } }),
      crossOrigin({ json: { email: "grace@example.com", role: "member" } }),
      noWorkspace({ json: { email: "grace@example.com", role: "member" } }),
      { status: 409, description: "The person is already a member.", examples: [{ name: "already-member", summary: "Inviting yourself", body: { message: "This person is already a member of the workspace" }, request: { as: "admin", json: { email: "admin@example.com", role: "member" } } }] },
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/tenants/me/invitations/{id}",
    handler: call((caller) => caller.members.revokeInvitation, { input: (ctx) => ({ id: idParam(ctx, "id", "Invitation not found") }), empty: true }),
    sessionCookie: true,
    tag: "Members",
    summary: "Revoke a pending invitation",
    description: "Owner only. The link stops working at once.",
    auth: ["session"],
    pathParam: { name: "id", description: "The invitation's id (UUID).", pattern: REST_OF_PATH },
    responses: [
      { status: 204, description: "Revoked.", examples: [{ name: "revoked", summary: "A pending invitation", request: { as: "owner", setup: "invitation", param: "{{setup}}" } }] },
      noSession({ param: SOMEONE }),
      crossOrigin({ param: SOMEONE }),
      {
        status: 404,
        description: "No pending invitation with this id in your workspace, or you belong to no workspace.",
        examples: [
          { name: "unknown", summary: "An id that names no invitation", body: { message: "Invitation not found" }, request: { as: "owner", param: SOMEONE } },
          { name: "not-an-id", summary: "Not a UUID", body: { message: "Invitation not found" }, request: { as: "owner", param: "abc" } },
          noWorkspaceExample({ param: SOMEONE }),
        ],
      },
    ],
  }),
  route({
    method: "PATCH",
    path: "/api/tenants/me/members/{userId}",
    handler: call((caller) => caller.members.changeRole, { auth: "session", body: true, input: (ctx) => ({ userId: idParam(ctx, "userId", "Member not found") }) }),
    sessionCookie: true,
    tag: "Members",
    summary: "Change a member's role",
    description: "Owner only. `role` is `member` or `viewer`; the owner's own role cannot change.",
    auth: ["session"],
    pathParam: { name: "userId", description: "The member's user id (UUID).", bodyField: "userId", pattern: REST_OF_PATH },
    jsonBody: changeRoleInput,
    responses: [
      { status: 200, description: "The member with the new role.", schema: memberChangedOutput },
      { status: 400, description: "The role is invalid.", examples: [{ name: "bad-role", summary: "Not member or viewer", body: { message: "Role must be member or viewer" }, request: { as: "owner", param: SOMEONE, json: { role: "admin" } } }, invalidJson("owner", { param: SOMEONE })] },
      noSession({ param: SOMEONE, json: { role: "viewer" } }),
      crossOrigin({ param: SOMEONE, json: { role: "viewer" } }),
      { status: 404, description: "No such member in your workspace.", examples: [{ name: "unknown", summary: "Not a member", body: { message: "Member not found" }, request: { as: "owner", param: SOMEONE, json: { role: "viewer" } } }] },
      { status: 409, description: "The owner cannot be demoted.", examples: [{ name: "owner", summary: "The owner demoting themself", body: OWNER_FIXED, request: { as: "owner", param: "{{self}}", json: { role: "viewer" } } }] },
    ],
  }),
  route({
    method: "DELETE",
    path: "/api/tenants/me/members/{userId}",
    handler: call((caller) => caller.members.remove, { input: (ctx) => ({ userId: idParam(ctx, "userId", "Member not found") }), empty: true }),
    sessionCookie: true,
    tag: "Members",
    summary: "Remove a member",
    description: "Owner only. The member's API keys and tool sessions in this workspace end with the membership.",
    auth: ["session"],
    pathParam: { name: "userId", description: "The member's user id (UUID).", pattern: REST_OF_PATH },
    responses: [
      { status: 204, description: "Removed." },
      noSession({ param: SOMEONE }),
      crossOrigin({ param: SOMEONE }),
      { status: 404, description: "No such member in your workspace.", examples: [{ name: "unknown", summary: "Not a member", body: { message: "Member not found" }, request: { as: "owner", param: SOMEONE } }] },
      { status: 409, description: "The owner cannot be removed.", examples: [{ name: "owner", summary: "The owner removing themself", body: OWNER_FIXED, request: { as: "owner", param: "{{self}}" } }] },
    ],
  }),
];
