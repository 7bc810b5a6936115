import { z } from "zod";
import { requireApp } from "../apps/app-service";
import { getAllowedOrigins, setAllowedOrigins } from "../apps/allowed-origins";
import { caller } from "../members/caller";
import { workspaceFor } from "../members/permissions";
import { Integration, integrationRow } from "../integrations/entities";
import { authedProcedure, router } from "../trpc";
import { deleteBrokerAccount } from "./broker-delete";
import { bindConnection, disconnectConnection, listAppConnections, listTenantConnections, unbindConnection } from "./connection-service";

/**
 * The dashboard's connections (issue 7 sections 5-6): the catalog as every member sees it,
 * the workspace's connections with who made them and which apps use them, disconnecting,
 * an app's bindings and allowed opener origins. Viewers read; members manage
 * (server/members/permissions.ts).
 */

const appIdInput = z.object({ appId: z.uuid({ error: "App not found" }) });
const connectionIdInput = z.object({ connectionId: z.uuid({ error: "Connection not found" }) });
const providerSlug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, { error: "Unknown provider" });

/** The catalog without its OAuth configuration (administrators see that on their own page). */
function catalogCard(row: Integration) {
  const { oauthClientConfig: _config, editedAt: _edited, ...card } = integrationRow(row);
  return card;
}

export const connectionsRouter = router({
  catalog: authedProcedure.query(async ({ ctx }) => {
    await workspaceFor(caller(ctx), "workspace.read");
    return (await ctx.em.find(Integration, {}, { orderBy: { name: "asc" } })).map(catalogCard);
  }),

  integration: authedProcedure.input(z.object({ provider: providerSlug })).query(async ({ ctx, input }) => {
    await workspaceFor(caller(ctx), "workspace.read");
    const row = await ctx.em.findOne(Integration, { slug: input.provider });
    return row ? catalogCard(row) : null;
  }),

  list: authedProcedure.input(z.object({ provider: providerSlug.optional() }).optional()).query(async ({ ctx, input }) => {
    const workspace = await workspaceFor(caller(ctx), "workspace.read");
    return (await listTenantConnections(ctx.em, workspace.tenantId, input?.provider)).map((c) => ({
      id: c.id,
      provider: c.provider,
      externalId: c.externalId,
      displayName: c.displayName,
      profile: c.profile,
      createdByEmail: c.createdByEmail,
      createdAt: c.createdAt,
      apps: c.apps,
    }));
  }),

  /** Bindings and their env rows go with it; a broker connection is deleted at the broker first. */
  disconnect: authedProcedure.input(connectionIdInput).mutation(async ({ ctx, input }) => {
    const workspace = await workspaceFor(caller(ctx), "connections.manage");
    const removed = await disconnectConnection(ctx.em, { tenantId: workspace.tenantId, connectionId: input.connectionId }, deleteBrokerAccount);
    return { id: removed.id, provider: removed.provider, displayName: removed.displayName };
  }),

  /** The wizard's picker: binds an existing connection to the app of the embed flow. */
  bind: authedProcedure.input(appIdInput.extend(connectionIdInput.shape)).mutation(async ({ ctx, input }) => {
    const workspace = await workspaceFor(caller(ctx), "connections.manage");
    await requireApp(ctx.em, workspace.tenantId, input.appId);
    const bound = await bindConnection(ctx.em, { tenantId: workspace.tenantId, appId: input.appId, connectionId: input.connectionId, userId: ctx.session.userId });
    return { id: bound.id, provider: bound.provider, externalId: bound.externalId, displayName: bound.displayName };
  }),

  appConnections: authedProcedure.input(appIdInput).query(async ({ ctx, input }) => {
    const workspace = await workspaceFor(caller(ctx), "workspace.read");
    await requireApp(ctx.em, workspace.tenantId, input.appId);
    return listAppConnections(ctx.em, input.appId);
  }),

  unbind: authedProcedure.input(appIdInput.extend({ provider: providerSlug })).mutation(async ({ ctx, input }) => {
    const workspace = await workspaceFor(caller(ctx), "connections.manage");
    await requireApp(ctx.em, workspace.tenantId, input.appId);
    await unbindConnection(ctx.em, { tenantId: workspace.tenantId, appId: input.appId, provider: input.provider });
    return { ok: true };
  }),

  allowedOrigins: authedProcedure.input(appIdInput).query(async ({ ctx, input }) => {
    const workspace = await workspaceFor(caller(ctx), "workspace.read");
    await requireApp(ctx.em, workspace.tenantId, input.appId);
    return getAllowedOrigins(ctx.em, input.appId);
  }),

  setAllowedOrigins: authedProcedure
    .input(appIdInput.extend({ origins: z.array(z.string().max(300)).max(100) }))
    .mutation(async ({ ctx, input }) => {
      const workspace = await workspaceFor(caller(ctx), "apps.manage");
      await requireApp(ctx.em, workspace.tenantId, input.appId);
      return setAllowedOrigins(ctx.em, workspace.tenantId, input.appId, input.origins);
    }),
});
