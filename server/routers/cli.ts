import { z } from "zod";
import { appByName, appsWithVariableCounts, listEnvVars, requireApp } from "../apps";
import { can, CAPABILITIES, requireCliKeyPersonMay } from "../members";
import { membershipRole } from "../tenants";
import type { AppKeyPrincipal } from "../keys";
import type { EntityManager } from "@mikro-orm/postgresql";
import { balanceBody, loadBalance } from "../balance";
import { getConfig } from "../platform/config";
import { AppError } from "../platform/errors";
import { appKeyProcedure, router } from "./trpc";
import { revokeKeyById, type CliAppsOutput, type WhoamiOutput } from "../keys";
import { findTenant } from "../tenants";

/**
 * Another app of the workspace than the key's own: only for a CLI key (`svc login`; an app's
 * own key never reads its neighbours'), whose person may still see variable values there.
 */
async function requireTenantReader(em: EntityManager, key: AppKeyPrincipal): Promise<void> {
  if (key.purpose !== "cli") throw new AppError("FORBIDDEN", "Only a CLI key (svc login) reads the workspace's other apps");
  const role = await membershipRole(em, key.tenantId, key.userId);
  if (!role) throw new AppError("FORBIDDEN", CAPABILITIES["workspace.read"].refusal);
  if (!can(role, "apps.env.values")) throw new AppError("FORBIDDEN", CAPABILITIES["apps.env.values"].refusal);
}

/** The CLI's surface (`svc_sk_` keys only). */
export const cliRouter = router({
  whoami: appKeyProcedure.query(async ({ ctx }) => {
    const tenant = await findTenant(ctx.em, ctx.appKey.tenantId);
    if (!tenant) throw new AppError("NOT_FOUND", "No workspace");
    return {
      userId: ctx.appKey.userId,
      email: ctx.appKey.email,
      tenantId: ctx.appKey.tenantId,
      tenantSlug: tenant.slug,
      tenantName: tenant.name,
      appId: ctx.appKey.appId,
      appName: (await requireApp(ctx.em, ctx.appKey.tenantId, ctx.appKey.appId)).name,
      sshBrokerUrl: getConfig().sshBrokerUrl,
    } satisfies WhoamiOutput;
  }),
  logout: appKeyProcedure.mutation(async ({ ctx }) => {
    await revokeKeyById(ctx.em, ctx.appKey.keyId);
  }),
  env: appKeyProcedure.input(z.object({ format: z.enum(["json", "dotenv"]).default("json"), app: z.string().min(1).max(200).optional() })).query(async ({ ctx, input }) => {
    const own = await requireApp(ctx.em, ctx.appKey.tenantId, ctx.appKey.appId);
    // Values, even of the key's own app: a viewer's CLI key sees what a viewer sees (names only, on the dashboard).
    await requireCliKeyPersonMay(ctx.em, ctx.appKey, "apps.env.values");
    let app = { id: own.id, name: own.name };
    if (input.app !== undefined && input.app !== own.name) {
      await requireTenantReader(ctx.em, ctx.appKey);
      app = await appByName(ctx.em, ctx.appKey.tenantId, input.app);
    }
    const rows = await listEnvVars(ctx.em, app.id);
    return { appId: app.id, appName: app.name, variables: rows.map((row) => ({ key: row.key, value: row.value, kind: row.kind })) };
  }),
  apps: appKeyProcedure.query(async ({ ctx }) => {
    await requireTenantReader(ctx.em, ctx.appKey);
    const apps = await appsWithVariableCounts(ctx.em, ctx.appKey.tenantId);
    return { apps: apps.map((app) => ({ ...app, current: app.id === ctx.appKey.appId })) } satisfies CliAppsOutput;
  }),
  balance: appKeyProcedure.query(async ({ ctx }) => balanceBody(ctx.appKey.tenantId, await loadBalance(ctx.em, ctx.appKey.tenantId))),
});
