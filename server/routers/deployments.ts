import { publicProcedure, router } from "./trpc";
import { createDeployment, deleteDeployment, deploymentView, listDeployments, requireDeployment, updateDeployment, createDeploymentInput, deploymentNameInput, updateDeploymentInput } from "../deployments";
import { deploymentTenant } from "./deployment-tenant";

export const deploymentsRouter = router({
  list: publicProcedure.query(async ({ ctx }) => {
    const tenant = await deploymentTenant(ctx, "workspace.read");
    return (await listDeployments(ctx.em, tenant.tenantId)).map((row) => deploymentView(row, tenant.slug));
  }),
  get: publicProcedure.input(deploymentNameInput).query(async ({ ctx, input }) => {
    const tenant = await deploymentTenant(ctx, "workspace.read");
    return deploymentView(await requireDeployment(ctx.em, tenant.tenantId, input.name), tenant.slug);
  }),
  create: publicProcedure.input(createDeploymentInput).mutation(async ({ ctx, input }) => {
    const tenant = await deploymentTenant(ctx, "deployments.manage");
    return deploymentView(await createDeployment(ctx.em, tenant.tenantId, tenant.userId, input), tenant.slug);
  }),
  update: publicProcedure.input(updateDeploymentInput).mutation(async ({ ctx, input }) => {
    const tenant = await deploymentTenant(ctx, "deployments.manage");
    return deploymentView(await updateDeployment(ctx.em, tenant.tenantId, input), tenant.slug);
  }),
  remove: publicProcedure.input(deploymentNameInput).mutation(async ({ ctx, input }) => {
    const tenant = await deploymentTenant(ctx, "deployments.manage");
    await deleteDeployment(ctx.em, tenant.tenantId, input.name);
    return { ok: true as const };
  }),
});

