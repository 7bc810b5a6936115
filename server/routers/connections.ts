import { caller } from "./caller";
import { tenantFor } from "../members";
import { requireApp, getAllowedOrigins, setAllowedOrigins } from "../apps";
import { AppError } from "../platform/errors";
import { CONNECTION_APP_ERRORS, CONNECTION_CODES, editIntegration, listIntegrations, BrokerError, deleteConnectedAccount, bindConnection, disconnectConnection, listAppConnections, listTenantConnections, renameConnection, renameConnectionInput, unbindConnection, allowedOriginsInput, bindInput, connectionIdInput, integrationEditInput, providerInput, unbindInput } from "../connections";
import { BROWSER, adminProcedure, authedProcedure, publicProcedure, router } from "./trpc";
import { actingTenant } from "./acting-tenant";
import { isAdmin } from "../identity";

/** Deletes at the broker; its failure is shown (502) and the local row kept (ADR 011). */
async function deleteAtBroker(accountId: string): Promise<void> {
  try {
    await deleteConnectedAccount(accountId);
  } catch (error) {
    const detail = error instanceof BrokerError ? error.message : "broker request failed";
    throw new AppError(CONNECTION_APP_ERRORS.BROKER_FAILED, "The broker could not delete the connection; it is kept until that succeeds", { error: CONNECTION_CODES.BROKER_DELETE_FAILED.code, detail });
  }
}

export const connectionsRouter = router({
  /** The workspace's connections with who connected them and which apps use them. */
  list: authedProcedure.meta(BROWSER).query(async ({ ctx }) => {
    const tenant = await tenantFor(caller(ctx), "workspace.read");
    return listTenantConnections(ctx.em, tenant.tenantId);
  }),
  /** The wizard's picker: the workspace's connections of one provider. */
  listForProvider: authedProcedure.meta(BROWSER).input(providerInput).query(async ({ ctx, input }) => {
    const tenant = await tenantFor(caller(ctx), "workspace.read");
    return listTenantConnections(ctx.em, tenant.tenantId, input.provider);
  }),
  disconnect: authedProcedure.meta(BROWSER).input(connectionIdInput).mutation(async ({ ctx, input }) => {
    const tenant = await tenantFor(caller(ctx), "connections.manage");
    const removed = await disconnectConnection(ctx.em, { tenantId: tenant.tenantId, connectionId: input.connectionId }, deleteAtBroker);
    return { id: removed.id };
  }),
  /** A connection's own name (REST `PATCH /api/connections/{id}`). */
  rename: authedProcedure.meta(BROWSER).input(renameConnectionInput).mutation(async ({ ctx, input }) => {
    const tenant = await tenantFor(caller(ctx), "connections.manage");
    const renamed = await renameConnection(ctx.em, { tenantId: tenant.tenantId, connectionId: input.connectionId, displayName: input.displayName });
    const { tenantId: _tenant, metadata: _metadata, accountId: _account, createdBy: _by, ...shown } = renamed;
    return shown;
  }),
  bind: authedProcedure.meta(BROWSER).input(bindInput).mutation(async ({ ctx, input }) => {
    const tenant = await tenantFor(caller(ctx), "connections.manage");
    return bindConnection(ctx.em, { tenantId: tenant.tenantId, appId: input.appId, connectionId: input.connectionId, userId: ctx.session.userId });
  }),
  /** REST `PUT /api/apps/{appId}/bindings/{provider}`: as `bind`, for a connection of that provider only. */
  bindProvider: publicProcedure.input(bindInput.extend({ provider: unbindInput.shape.provider })).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "connections.manage");
    const ofProvider = await listTenantConnections(ctx.em, tenant.tenantId, input.provider);
    if (!ofProvider.some((connection) => connection.id === input.connectionId)) throw new AppError("NOT_FOUND", "Connection not found");
    return bindConnection(ctx.em, { tenantId: tenant.tenantId, appId: input.appId, connectionId: input.connectionId, userId: tenant.userId });
  }),
  unbind: publicProcedure.meta(BROWSER).input(unbindInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "connections.manage");
    await unbindConnection(ctx.em, { tenantId: tenant.tenantId, appId: input.appId, provider: input.provider });
    return { ok: true as const };
  }),
  /** The app page: its bound connections and its allowed opener origins. */
  forApp: publicProcedure.meta(BROWSER).input(unbindInput.pick({ appId: true })).query(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "workspace.read");
    const app = await requireApp(ctx.em, tenant.tenantId, input.appId);
    return { connections: await listAppConnections(ctx.em, app.id), allowedOrigins: await getAllowedOrigins(ctx.em, app.id) };
  }),
  setAllowedOrigins: publicProcedure.meta(BROWSER).input(allowedOriginsInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "apps.manage");
    return { allowedOrigins: await setAllowedOrigins(ctx.em, tenant.tenantId, input.appId, input.origins) };
  }),
});

export const integrationsRouter = router({
  /** The catalog every member sees on /connections. */
  list: authedProcedure.meta(BROWSER).query(async ({ ctx }) => listIntegrations(ctx.em, { includeDisabled: await isAdmin(ctx.em, ctx.session) })),
  /** An administrator's edit; from now on seeding leaves this row alone (ADR 010). */
  update: adminProcedure.meta(BROWSER).input(integrationEditInput).mutation(({ ctx, input }) => editIntegration(ctx.em, ctx.session.userId, input)),
});
