import type { Context } from "../context";
import { unauthorized } from "../errors";
import { workspaceFor, type Capability } from "../members/permissions";
import type { UserTenant } from "../tenants/membership";
import { publicProcedure, router } from "../trpc";
import { createDeployment, deleteDeployment, deploymentView, listDeployments, requireDeployment, updateDeployment } from "./deployment-service";
import { createDeploymentInput, deploymentNameInput, updateDeploymentInput } from "./schemas";

/**
 * Deployments answer a signed-in member (their current workspace) or an `svc_sk_` key of
 * the workspace. A key acts with its issuer's current role there: a key of someone since
 * made a viewer can read but not change; a removed member's keys are already revoked.
 */
async function deploymentWorkspace(ctx: Context, capability: Capability): Promise<UserTenant & { userId: string }> {
  if (ctx.appKey) {
    const workspace = await workspaceFor({ em: ctx.em, userId: ctx.appKey.userId, preferredTenantId: ctx.appKey.tenantId }, capability);
    if (workspace.tenantId !== ctx.appKey.tenantId) throw unauthorized();
    return { ...workspace, userId: ctx.appKey.userId };
  }
  if (!ctx.session) throw unauthorized();
  const workspace = await workspaceFor({ em: ctx.em, userId: ctx.session.userId, preferredTenantId: ctx.preferredTenantId }, capability);
  return { ...workspace, userId: ctx.session.userId };
}

export const deploymentsRouter = router({
  list: publicProcedure.query(async ({ ctx }) => {
    const workspace = await deploymentWorkspace(ctx, "workspace.read");
    return (await listDeployments(ctx.em, workspace.tenantId)).map((row) => deploymentView(row, workspace.slug));
  }),
  get: publicProcedure.input(deploymentNameInput).query(async ({ ctx, input }) => {
    const workspace = await deploymentWorkspace(ctx, "workspace.read");
    return deploymentView(await requireDeployment(ctx.em, workspace.tenantId, input.name), workspace.slug);
  }),
  create: publicProcedure.input(createDeploymentInput).mutation(async ({ ctx, input }) => {
    const workspace = await deploymentWorkspace(ctx, "deployments.manage");
    return deploymentView(await createDeployment(ctx.em, workspace.tenantId, workspace.userId, input), workspace.slug);
  }),
  update: publicProcedure.input(updateDeploymentInput).mutation(async ({ ctx, input }) => {
    const workspace = await deploymentWorkspace(ctx, "deployments.manage");
    return deploymentView(await updateDeployment(ctx.em, workspace.tenantId, input), workspace.slug);
  }),
  remove: publicProcedure.input(deploymentNameInput).mutation(async ({ ctx, input }) => {
    const workspace = await deploymentWorkspace(ctx, "deployments.manage");
    await deleteDeployment(ctx.em, workspace.tenantId, input.name);
    return { ok: true as const };
  }),
});

