import { BROWSER, authedProcedure, router } from "./trpc";
import { caller } from "./caller";
import { tenantFor } from "../members";
import { createScimToken, listGroupRoles, listScimTokens, revokeScimToken, scimGroupRoleInput, scimTokenIdInput, setGroupRole } from "../scim";

/**
 * A workspace's SCIM provisioning as its owner manages it (ADR 080): the tokens its directory
 * uses, and the role each directory group gives. The dashboard's "Single sign-on" page and
 * `/api/tenants/me/scim-*` both call these.
 */
export const scimRouter = router({
  createToken: authedProcedure.meta(BROWSER).mutation(async ({ ctx }) => {
    const tenant = await tenantFor(caller(ctx), "members.manage");
    return createScimToken(ctx.em, tenant.tenantId, ctx.session.userId);
  }),
  listTokens: authedProcedure.meta(BROWSER).query(async ({ ctx }) => {
    const tenant = await tenantFor(caller(ctx), "members.manage");
    return { tokens: await listScimTokens(ctx.em, tenant.tenantId) };
  }),
  revokeToken: authedProcedure.meta(BROWSER).input(scimTokenIdInput).mutation(async ({ ctx, input }) => {
    const tenant = await tenantFor(caller(ctx), "members.manage");
    await revokeScimToken(ctx.em, tenant.tenantId, input.id);
    return { ok: true as const };
  }),
  listGroups: authedProcedure.meta(BROWSER).query(async ({ ctx }) => {
    const tenant = await tenantFor(caller(ctx), "members.manage");
    return { groups: await listGroupRoles(ctx.em, tenant.tenantId) };
  }),
  setGroupRole: authedProcedure.meta(BROWSER).input(scimGroupRoleInput).mutation(async ({ ctx, input }) => {
    const tenant = await tenantFor(caller(ctx), "members.manage");
    return setGroupRole(ctx.em, tenant.tenantId, input.id, input.role);
  }),
});
