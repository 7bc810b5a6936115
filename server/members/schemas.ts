import { z } from "zod";

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
export const switchWorkspaceInput = z.object({ tenantId: z.uuid({ error: "Workspace not found" }) });

export type InviteInput = z.infer<typeof inviteInput>;
