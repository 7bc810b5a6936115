import { authedProcedure, publicProcedure, router } from "./trpc";
import { listUserTenants } from "../tenants";
import { caller } from "./caller";
import { acceptInvitation, changeMemberRole, inviteMember, listMembers, listPendingInvitations, previewInvitation, removeMember, revokeInvitation, can, tenantFor, changeRoleInput, invitationIdInput, invitationTokenInput, inviteInput, memberIdInput, switchTenantInput, mailInvitation } from "../members";
import { AppError } from "../platform/errors";

export const membersRouter = router({
  /** Everyone in the workspace sees who else is in it; only the owner sees pending invitations. */
  list: authedProcedure.query(async ({ ctx }) => {
    const tenant = await tenantFor(caller(ctx), "workspace.read");
    const [members, invitations] = await Promise.all([
      listMembers(ctx.em, tenant.tenantId),
      can(tenant.role, "members.manage") ? listPendingInvitations(ctx.em.fork(), tenant.tenantId) : Promise.resolve([]),
    ]);
    return { workspace: tenant, members, invitations };
  }),
  invite: authedProcedure.input(inviteInput).mutation(async ({ ctx, input }) => {
    const tenant = await tenantFor(caller(ctx), "members.manage");
    const invitation = await inviteMember(ctx.em, tenant.tenantId, ctx.session.userId, input);
    await mailInvitation({ email: input.email, url: invitation.url, role: input.role, tenantName: tenant.name, invitedBy: ctx.session.email });
    return invitation;
  }),
  revokeInvitation: authedProcedure.input(invitationIdInput).mutation(async ({ ctx, input }) => {
    const tenant = await tenantFor(caller(ctx), "members.manage");
    await revokeInvitation(ctx.em, tenant.tenantId, input.id);
    return { ok: true as const };
  }),
  changeRole: authedProcedure.input(changeRoleInput).mutation(async ({ ctx, input }) => {
    const tenant = await tenantFor(caller(ctx), "members.manage");
    return changeMemberRole(ctx.em, tenant.tenantId, input.userId, input.role);
  }),
  remove: authedProcedure.input(memberIdInput).mutation(async ({ ctx, input }) => {
    const tenant = await tenantFor(caller(ctx), "members.manage");
    await removeMember(ctx.em, tenant.tenantId, input.userId);
    return { ok: true as const };
  }),
  // Public: a signed-out person opening the link is told what it is before signing in or up.
  previewInvitation: publicProcedure.input(invitationTokenInput).query(({ ctx, input }) => previewInvitation(ctx.em, input.token)),
  acceptInvitation: authedProcedure
    .input(invitationTokenInput)
    .mutation(({ ctx, input }) => acceptInvitation(ctx.em, input.token, { userId: ctx.session.userId, email: ctx.session.email })),
});

/** The dashboard's workspace switcher. */
export const tenantSwitcherRouter = router({
  current: authedProcedure.query(({ ctx }) => tenantFor(caller(ctx), "workspace.read")),
  list: authedProcedure.query(({ ctx }) => listUserTenants(ctx.em, ctx.session.userId)),
  /** Checks the person belongs to the workspace they switch to; the dashboard then sets the cookie. */
  choose: authedProcedure.input(switchTenantInput).mutation(async ({ ctx, input }) => {
    const found = (await listUserTenants(ctx.em, ctx.session.userId)).find((w) => w.tenantId === input.tenantId);
    if (!found) throw new AppError("NOT_FOUND", "Workspace not found");
    return found;
  }),
});
