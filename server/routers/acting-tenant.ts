import type { Context } from "./context";
import { unauthorized } from "../platform/errors";
import { tenantFor, type Capability } from "../members";
import type { UserTenant } from "../tenants";

/**
 * The workspace a procedure acts in, and as whom: a signed-in member's current workspace, or
 * an `svc_sk_` key's workspace (keys reach these procedures only through REST; /api/trpc
 * carries no key). A key acts with its issuer's current role there: a key of someone since
 * made a viewer can read but not change; a removed member's keys are already revoked.
 */
export async function actingTenant(ctx: Context, capability: Capability): Promise<UserTenant & { userId: string; email: string }> {
  if (ctx.appKey) {
    const tenant = await tenantFor({ em: ctx.em, userId: ctx.appKey.userId, preferredTenantId: ctx.appKey.tenantId, secondFactor: "key" }, capability);
    if (tenant.tenantId !== ctx.appKey.tenantId) throw unauthorized();
    return { ...tenant, userId: ctx.appKey.userId, email: ctx.appKey.email };
  }
  if (!ctx.session) throw unauthorized();
  const tenant = await tenantFor(
    { em: ctx.em, userId: ctx.session.userId, preferredTenantId: ctx.preferredTenantId, secondFactor: ctx.session.secondFactor, email: ctx.session.email, sessionId: ctx.session.sessionId },
    capability,
  );
  return { ...tenant, userId: ctx.session.userId, email: ctx.session.email };
}
