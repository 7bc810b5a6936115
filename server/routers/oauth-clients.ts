import { requireApp } from "../apps";
import { assertPermanentAccount } from "../identity";
import { createRegisteredClient, createRegisteredClientInput, deleteRegisteredClient, listRegisteredClients, registeredClientIdInput, registeredClientListInput, rotateRegisteredClientSecret } from "../oauth-server";
import { actingTenant } from "./acting-tenant";
import { BROWSER, publicProcedure, router } from "./trpc";

/**
 * OAuth clients registered on an app's page (issue 15 "Clients" (c), ADR 050): the workspace
 * owner's, like the workspace's other settings that others are asked to trust (webhooks); the
 * consent page names the workspace as the one that vouches for them.
 */
export const oauthClientsRouter = router({
  list: publicProcedure.meta(BROWSER).input(registeredClientListInput).query(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "oauthClients.manage");
    const app = await requireApp(ctx.em, tenant.tenantId, input.appId);
    return { clients: await listRegisteredClients(ctx.em, tenant.tenantId, app.id) };
  }),
  /** The only answer, with rotateSecret, that holds the secret. */
  create: publicProcedure.meta(BROWSER).input(createRegisteredClientInput).mutation(async ({ ctx, input }) => {
    if (ctx.session) assertPermanentAccount(ctx.session, "registerOAuthClient");
    const tenant = await actingTenant(ctx, "oauthClients.manage");
    const app = await requireApp(ctx.em, tenant.tenantId, input.appId);
    return createRegisteredClient(ctx.em, { ...input, appId: app.id, tenantId: tenant.tenantId, userId: tenant.userId });
  }),
  rotateSecret: publicProcedure.meta(BROWSER).input(registeredClientIdInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "oauthClients.manage");
    const app = await requireApp(ctx.em, tenant.tenantId, input.appId);
    return rotateRegisteredClientSecret(ctx.em, tenant.tenantId, app.id, input.clientId);
  }),
  /** Ends every grant people gave the client, then removes it. */
  delete: publicProcedure.meta(BROWSER).input(registeredClientIdInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "oauthClients.manage");
    const app = await requireApp(ctx.em, tenant.tenantId, input.appId);
    await deleteRegisteredClient(ctx.em, tenant.tenantId, app.id, input.clientId);
    return { ok: true as const };
  }),
});
