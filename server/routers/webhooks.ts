import {
  createEndpoint,
  createWebhookInput,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  requireEndpoint,
  endpointView,
  resendDelivery,
  updateEndpoint,
  updateWebhookInput,
  webhookIdInput,
  resendInput,
  rotateEndpointSecret,
  rotateSecretInput,
} from "../webhooks";
import { actingTenant } from "./acting-tenant";
import { BROWSER, publicProcedure, router } from "./trpc";

/** Webhook endpoints of the current workspace (issue 19, ADR 041): the owner's, like the workspace's other settings. */
export const webhooksRouter = router({
  list: publicProcedure.meta(BROWSER).query(async ({ ctx }) => {
    const tenant = await actingTenant(ctx, "webhooks.manage");
    return listEndpoints(ctx.em, tenant.tenantId);
  }),
  get: publicProcedure.meta(BROWSER).input(webhookIdInput).query(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "webhooks.manage");
    return endpointView(await requireEndpoint(ctx.em, tenant.tenantId, input.endpointId));
  }),
  /** The only answer that holds the `whsec_` secret. */
  create: publicProcedure.meta(BROWSER).input(createWebhookInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "webhooks.manage");
    return createEndpoint(ctx.em, { ...input, tenantId: tenant.tenantId, userId: tenant.userId });
  }),
  update: publicProcedure.meta(BROWSER).input(updateWebhookInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "webhooks.manage");
    return updateEndpoint(ctx.em, tenant.tenantId, input);
  }),
  delete: publicProcedure.meta(BROWSER).input(webhookIdInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "webhooks.manage");
    await deleteEndpoint(ctx.em, tenant.tenantId, input.endpointId);
    return { ok: true as const };
  }),
  deliveries: publicProcedure.meta(BROWSER).input(webhookIdInput).query(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "webhooks.manage");
    return listDeliveries(ctx.em, tenant.tenantId, input.endpointId);
  }),
  /** A new secret, shown once; the replaced one keeps signing beside it for the overlap. */
  rotateSecret: publicProcedure.meta(BROWSER).input(rotateSecretInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "webhooks.manage");
    return rotateEndpointSecret(ctx.em, tenant.tenantId, input.endpointId, input.overlapSeconds);
  }),
  resend: publicProcedure.meta(BROWSER).input(resendInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "webhooks.manage");
    return resendDelivery(ctx.em, tenant.tenantId, input.endpointId, input.deliveryId);
  }),
});
