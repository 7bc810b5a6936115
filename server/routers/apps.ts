import { BROWSER, authedProcedure, router } from "./trpc";
import { caller } from "./caller";
import { can, workspaceFor } from "../members";
import { createApp, deleteApp, listApps, renameApp, requireApp, appRow, deleteEnvVar, listEnvVarNames, listEnvVars, setEnvVar, appIdInput, createAppInput, deleteAppInput, envKeyInput, renameAppInput, setEnvInput } from "../apps";

export const appsRouter = router({
  list: authedProcedure.meta(BROWSER).query(async ({ ctx }) => {
    const workspace = await workspaceFor(caller(ctx), "workspace.read");
    return (await listApps(ctx.em, workspace.tenantId)).map(appRow);
  }),
  create: authedProcedure.meta(BROWSER).input(createAppInput).mutation(async ({ ctx, input }) => {
    const workspace = await workspaceFor(caller(ctx), "apps.manage");
    return appRow(await createApp(ctx.em, workspace.tenantId, ctx.session.userId, input.name));
  }),
  rename: authedProcedure.meta(BROWSER).input(renameAppInput).mutation(async ({ ctx, input }) => {
    const workspace = await workspaceFor(caller(ctx), "apps.manage");
    return appRow(await renameApp(ctx.em, workspace.tenantId, input.appId, input.name));
  }),
  /** Revokes the app's keys, then removes it with its variables and bindings (ON DELETE CASCADE). */
  remove: authedProcedure.meta(BROWSER).input(deleteAppInput).mutation(async ({ ctx, input }) => {
    const workspace = await workspaceFor(caller(ctx), "apps.manage");
    await deleteApp(ctx.em, workspace.tenantId, input.appId, input.confirmName);
    return { ok: true as const };
  }),
  get: authedProcedure.meta(BROWSER).input(appIdInput).query(async ({ ctx, input }) => {
    const workspace = await workspaceFor(caller(ctx), "workspace.read");
    return appRow(await requireApp(ctx.em, workspace.tenantId, input.appId));
  }),
  /**
   * Members and owners get the values decrypted (the dashboard masks them until revealed);
   * viewers get the names with `value: null`, and nothing is decrypted for them.
   */
  env: authedProcedure.meta(BROWSER).input(appIdInput).query(async ({ ctx, input }) => {
    const workspace = await workspaceFor(caller(ctx), "workspace.read");
    const app = await requireApp(ctx.em, workspace.tenantId, input.appId);
    return can(workspace.role, "apps.env.values") ? listEnvVars(ctx.em, app.id) : listEnvVarNames(ctx.em, app.id);
  }),
  setEnv: authedProcedure.meta(BROWSER).input(setEnvInput).mutation(async ({ ctx, input }) => {
    const workspace = await workspaceFor(caller(ctx), "apps.manage");
    const app = await requireApp(ctx.em, workspace.tenantId, input.appId);
    await setEnvVar(ctx.em, app.id, input.key, input.value);
    return { ok: true as const };
  }),
  deleteEnv: authedProcedure.meta(BROWSER).input(envKeyInput).mutation(async ({ ctx, input }) => {
    const workspace = await workspaceFor(caller(ctx), "apps.manage");
    const app = await requireApp(ctx.em, workspace.tenantId, input.appId);
    await deleteEnvVar(ctx.em, app.id, input.key);
    return { ok: true as const };
  }),
});
