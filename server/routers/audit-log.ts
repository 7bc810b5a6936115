import { AUDIT_EXPORT_MAX_ROWS, auditExport, auditExportInput, auditFilterInput, auditRange, listAuditEntries, verifyAuditChain } from "../changes";
import { forbidden } from "../platform/errors";
import type { Context } from "./context";
import { actingTenant } from "./acting-tenant";
import { BROWSER, publicProcedure, router } from "./trpc";

export const APP_KEY_REFUSAL = "Only a session or the CLI key of the workspace owner can read the audit log";

/**
 * The workspace the audit log is read in: the owner's session, or the CLI key `svc login`
 * issued to the owner. An app's key is a deployed program's credential, not a person's, and
 * never reads who did what (ADR 047).
 */
async function auditTenant(ctx: Context) {
  if (ctx.appKey && ctx.appKey.purpose !== "cli") throw forbidden(APP_KEY_REFUSAL);
  return actingTenant(ctx, "audit.read");
}

/** The workspace audit log (issue 20 section 4, ADR 047): its pages, its export and its chain check. */
export const auditLogRouter = router({
  list: publicProcedure.meta(BROWSER).input(auditFilterInput).query(async ({ ctx, input }) => {
    const tenant = await auditTenant(ctx);
    return listAuditEntries(ctx.em, tenant.tenantId, input);
  }),
  export: publicProcedure
    .input(auditExportInput)
    .query(async ({ ctx, input }) => {
      const tenant = await auditTenant(ctx);
      const { format, ...filter } = input;
      return { body: auditExport(await auditRange(ctx.em, tenant.tenantId, filter, AUDIT_EXPORT_MAX_ROWS), format), slug: tenant.slug };
    }),
  verify: publicProcedure.meta(BROWSER).query(async ({ ctx }) => {
    const tenant = await auditTenant(ctx);
    return verifyAuditChain(ctx.em, tenant.tenantId);
  }),
});
