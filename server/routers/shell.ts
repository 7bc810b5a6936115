import { z } from "zod";
import { requireDeployment } from "../deployments";
import { deploymentTenant } from "./deployment-tenant";
import { AppError } from "../platform/errors";
import { can } from "../members";
import { appKeyProcedure, publicProcedure, router } from "./trpc";
import { issueAgentToken, listAgentTokens, revokeAgentToken, listDeploymentEvents } from "../shell";

const deploymentName = z.object({ name: z.string() });

/**
 * The deployment by name in the workspace. A name no deployment could have (a NUL, a
 * slash, 5000 characters) is simply not found, and never reaches PostgreSQL.
 */
function findDeployment(em: Parameters<typeof requireDeployment>[0], tenantId: string, name: string) {
  if (!/^[A-Za-z0-9-]{1,40}$/.test(name)) throw new AppError("NOT_FOUND", "Deployment not found");
  return requireDeployment(em, tenantId, name);
}
/** Any text: an id that is no UUID names no token, which is a 404 like an unknown one (not a 400). */
const tokenRef = z.object({ name: z.string(), tokenId: z.string() });

/**
 * Agent tokens (members and owners manage them; viewers see neither tokens nor their
 * prefixes), the deployment's event log (anyone who may read the workspace), and the
 * broker's question "may this `svc_sk_` key open a shell on this deployment?".
 */
export const shellRouter = router({
  listAgentTokens: publicProcedure.input(deploymentName).query(async ({ ctx, input }) => {
    const tenant = await deploymentTenant(ctx, "deployments.manage");
    const deployment = await findDeployment(ctx.em, tenant.tenantId, input.name);
    return listAgentTokens(ctx.em, deployment.id);
  }),
  /** The only time the token is ever shown. */
  issueAgentToken: publicProcedure.input(deploymentName).mutation(async ({ ctx, input }) => {
    const tenant = await deploymentTenant(ctx, "deployments.manage");
    const deployment = await findDeployment(ctx.em, tenant.tenantId, input.name);
    const issued = await issueAgentToken(ctx.em, { deploymentId: deployment.id, tenantId: tenant.tenantId, userId: tenant.userId, email: tenant.email });
    return { ...issued.view, token: issued.token };
  }),
  revokeAgentToken: publicProcedure.input(tokenRef).mutation(async ({ ctx, input }) => {
    const tenant = await deploymentTenant(ctx, "deployments.manage");
    const deployment = await findDeployment(ctx.em, tenant.tenantId, input.name);
    await revokeAgentToken(ctx.em, deployment.id, input.tokenId);
    return { ok: true as const };
  }),
  events: publicProcedure.input(deploymentName).query(async ({ ctx, input }) => {
    const tenant = await deploymentTenant(ctx, "workspace.read");
    const deployment = await findDeployment(ctx.em, tenant.tenantId, input.name);
    const events = await listDeploymentEvents(ctx.em, deployment.id);
    // A command line may carry a secret: viewers, who cannot open shells, see that one ran, not what.
    if (can(tenant.role, "deployments.shell")) return events;
    return events.map((event) => ("command" in event.data && event.data.command ? { ...event, data: { ...event.data, command: "(hidden)" } } : event));
  }),
  /** The broker's check for `svc ssh`: members and owners of the deployment's workspace only. */
  authorizeSession: appKeyProcedure.input(deploymentName).query(async ({ ctx, input }) => {
    const tenant = await deploymentTenant(ctx, "deployments.shell");
    const deployment = await findDeployment(ctx.em, tenant.tenantId, input.name);
    return { deploymentId: deployment.id, deploymentName: deployment.name, tenantId: deployment.tenant_id, userId: tenant.userId, email: tenant.email };
  }),
});
