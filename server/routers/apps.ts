import { BROWSER, publicProcedure, router } from "./trpc";
import { actingTenant } from "./acting-tenant";
import { can } from "../members";
import { createApp, deleteApp, listApps, renameApp, requireApp, appRow, deleteEnvVar, listEnvVarNames, listEnvVars, setEnvVar, appIdInput, createAppInput, deleteAppInput, envKeyInput, renameAppInput, setEnvInput } from "../apps";

/** Signed-in members (dashboard, REST) or an `svc_sk_` key of the workspace (REST): actingTenant. */
export const appsRouter = router({
  list: publicProcedure.meta(BROWSER).query(async ({ ctx }) => {
    const tenant = await actingTenant(ctx, "workspace.read");
    return (await listApps(ctx.em, tenant.tenantId)).map(appRow);
  }),
  create: publicProcedure.meta(BROWSER).input(createAppInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "apps.manage");
    return appRow(await createApp(ctx.em, tenant.tenantId, tenant.userId, input.name));
  }),
  rename: publicProcedure.meta(BROWSER).input(renameAppInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "apps.manage");
    return appRow(await renameApp(ctx.em, tenant.tenantId, input.appId, input.name));
  }),
  /** Revokes the app's keys, then removes it with its variables and bindings (ON DELETE CASCADE). */
  remove: publicProcedure.meta(BROWSER).input(deleteAppInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "apps.manage");
    await deleteApp(ctx.em, tenant.tenantId, input.appId, input.confirmName);
    return { ok: true as const };
  }),
  get: publicProcedure.meta(BROWSER).input(appIdInput).query(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "workspace.read");
    return appRow(await requireApp(ctx.em, tenant.tenantId, input.appId));
  }),
  /**
   * Members and owners get the values decrypted (the dashboard masks them until revealed);
   * viewers get the names with `value: null`, and nothing is decrypted for them.
   */
  env: publicProcedure.meta(BROWSER).input(appIdInput).query(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "workspace.read");
    const app = await requireApp(ctx.em, tenant.tenantId, input.appId);
    return can(tenant.role, "apps.env.values") ? listEnvVars(ctx.em, app.id) : listEnvVarNames(ctx.em, app.id);
  }),
  setEnv: publicProcedure.meta(BROWSER).input(setEnvInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "apps.manage");
    const app = await requireApp(ctx.em, tenant.tenantId, input.appId);
    await setEnvVar(ctx.em, tenant.tenantId, app.id, input.key, input.value);
    return { ok: true as const };
  }),
  deleteEnv: publicProcedure.meta(BROWSER).input(envKeyInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "apps.manage");
    const app = await requireApp(ctx.em, tenant.tenantId, input.appId);
    await deleteEnvVar(ctx.em, tenant.tenantId, app.id, input.key);
    return { ok: true as const };
  }),
});
