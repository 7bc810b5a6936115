import { z } from "zod";
import { listApps, requireApp } from "../apps";
import { actingTenant } from "./acting-tenant";
import { BROWSER, publicProcedure, router } from "./trpc";
import { nameSchema } from "../platform/validation/text";
import { issueAppKey, listKeys, revokeAppKey } from "../keys";

export const KEY_NAME_MESSAGE = "Key name must be 100 characters or less, without control characters";

/** The name is optional (empty means none): what the key is for, shown in the list. */
const createKeyInput = z.object({
  appId: z.uuid({ error: "App not found" }),
  name: nameSchema(KEY_NAME_MESSAGE, 0, 100).optional(),
});

export const keysRouter = router({
  /** The API Keys panel: never the key itself, only its display prefix. */
  list: publicProcedure.meta(BROWSER).query(async ({ ctx }) => {
    const tenant = await actingTenant(ctx, "workspace.read");
    const [keys, apps] = await Promise.all([listKeys(ctx.em, tenant.tenantId), listApps(ctx.em, tenant.tenantId)]);
    const appNames = new Map(apps.map((app) => [app.id, app.name]));
    return keys.map((key) => ({
      id: key.id,
      name: key.name,
      prefix: key.displayPrefix,
      appId: key.appId,
      appName: appNames.get(key.appId) ?? "",
      purpose: key.purpose,
      issuedBy: key.issuedToEmail,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
    }));
  }),
  /** The only time the key is ever shown. */
  create: publicProcedure.meta(BROWSER).input(createKeyInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "keys.manage");
    const app = await requireApp(ctx.em, tenant.tenantId, input.appId);
    const issued = await issueAppKey(ctx.em, {
      tenantId: tenant.tenantId,
      appId: app.id,
      userId: tenant.userId,
      email: tenant.email,
      purpose: "app",
      name: input.name,
    });
    return { id: issued.key.id, name: issued.key.name, apiKey: issued.apiKey, prefix: issued.key.displayPrefix, appId: app.id };
  }),
  revoke: publicProcedure.meta(BROWSER).input(z.object({ keyId: z.uuid({ error: "Key not found" }) })).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "keys.manage");
    await revokeAppKey(ctx.em, tenant.tenantId, input.keyId);
    return { ok: true as const };
  }),
});
