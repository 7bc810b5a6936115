import { z } from "zod";
import { listEnvVars } from "../apps";
import { balanceBody, loadBalance } from "../billing";
import { getConfig } from "../platform/config";
import { AppError } from "../platform/errors";
import { appKeyProcedure, router } from "./trpc";
import { revokeKeyById, type WhoamiOutput } from "../keys";
import { findTenant } from "../tenants";

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
      sshBrokerUrl: getConfig().sshBrokerUrl,
    } satisfies WhoamiOutput;
  }),
  logout: appKeyProcedure.mutation(async ({ ctx }) => {
    await revokeKeyById(ctx.em, ctx.appKey.keyId);
  }),
  env: appKeyProcedure.input(z.object({ format: z.enum(["json", "dotenv"]).default("json") })).query(async ({ ctx }) => {
    const rows = await listEnvVars(ctx.em, ctx.appKey.appId);
    return { appId: ctx.appKey.appId, variables: rows.map((row) => ({ key: row.key, value: row.value, kind: row.kind })) };
  }),
  balance: appKeyProcedure.query(async ({ ctx }) => balanceBody(ctx.appKey.tenantId, await loadBalance(ctx.em, ctx.appKey.tenantId))),
});
