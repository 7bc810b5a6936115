import { z } from "zod";
import { listApps, requireApp } from "../apps";
import { actingWorkspace } from "./acting-workspace";
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
    const workspace = await actingWorkspace(ctx, "workspace.read");
    const [keys, apps] = await Promise.all([listKeys(ctx.em, workspace.tenantId), listApps(ctx.em, workspace.tenantId)]);
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
    const workspace = await actingWorkspace(ctx, "keys.manage");
    const app = await requireApp(ctx.em, workspace.tenantId, input.appId);
    const issued = await issueAppKey(ctx.em, {
      tenantId: workspace.tenantId,
      appId: app.id,
      userId: workspace.userId,
      email: workspace.email,
      purpose: "app",
      name: input.name,
    });
    return { id: issued.key.id, name: issued.key.name, apiKey: issued.apiKey, prefix: issued.key.displayPrefix, appId: app.id };
  }),
  revoke: publicProcedure.meta(BROWSER).input(z.object({ keyId: z.uuid({ error: "Key not found" }) })).mutation(async ({ ctx, input }) => {
    const workspace = await actingWorkspace(ctx, "keys.manage");
    await revokeAppKey(ctx.em, workspace.tenantId, input.keyId);
    return { ok: true as const };
  }),
});
