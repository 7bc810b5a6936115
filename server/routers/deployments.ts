import { publicProcedure, router } from "./trpc";
import { createDeployment, deleteDeployment, deploymentView, listDeployments, requireDeployment, updateDeployment, createDeploymentInput, deploymentNameInput, updateDeploymentInput } from "../deployments";
import { deploymentWorkspace } from "./deployment-workspace";

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

