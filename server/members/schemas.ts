import { z } from "zod";
import { isoTimeOutput, roleOutput, uuidOutput } from "../platform/validation/output";

export const ROLE_MESSAGE = "Role must be member or viewer";
const assignableRole = z.enum(["member", "viewer"], { error: ROLE_MESSAGE });

export const inviteInput = z.object(
  {
    email: z
      .string({ error: "Enter a valid email address" })
      .trim()
      .toLowerCase()
      .max(254, "Enter a valid email address")
      .pipe(z.email({ error: "Enter a valid email address" })),
    role: assignableRole,
  },
  { error: "Invalid JSON body" },
);

export const changeRoleInput = z.object({ userId: z.uuid({ error: "Member not found" }), role: assignableRole }, { error: "Invalid JSON body" });
export const memberIdInput = z.object({ userId: z.uuid({ error: "Member not found" }) });
export const invitationIdInput = z.object({ id: z.uuid({ error: "Invitation not found" }) });
export const invitationTokenInput = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "Invitation not found") });
export const switchTenantInput = z.object({ tenantId: z.uuid({ error: "Workspace not found" }) });

export type InviteInput = z.infer<typeof inviteInput>;

const memberOutput = z.object({ userId: uuidOutput, email: z.string(), displayName: z.string(), role: roleOutput, joinedAt: isoTimeOutput });
export type MemberView = z.infer<typeof memberOutput>;
const invitationOutput = z.object({ id: uuidOutput, email: z.string(), role: z.enum(["member", "viewer"]), createdAt: isoTimeOutput, expiresAt: isoTimeOutput });
export type InvitationView = z.infer<typeof invitationOutput>;

/** `GET /api/tenants/me/members`: the members, and pending invitations for those who may manage them. */
export const memberListOutput = z.object({
  tenantId: uuidOutput,
  role: roleOutput,
  members: z.array(memberOutput),
  /** Pending invitations, for those who may manage members; otherwise empty. */
  invitations: z.array(invitationOutput),
});
export const invitationCreatedOutput = z.object({ id: uuidOutput, url: z.string(), expiresAt: isoTimeOutput });
export const memberChangedOutput = z.looseObject({ userId: uuidOutput, role: roleOutput });

/** `PUT /api/tenants/me/two-step-rule`: exactly `{ required: true | false }` (ADR 049). */
export const twoStepRuleInput = z.strictObject(
  { required: z.boolean({ error: "required must be true or false" }) },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "Only required may be set" : "The body must be { \"required\": true } or { \"required\": false }") },
);
export const twoStepRuleOutput = z.object({ required: z.boolean().describe("Whether sessions need two-step sign-in to open the workspace.") });
