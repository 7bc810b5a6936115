import { z } from "zod";
import { requireServiceRole } from "../identity";
import { readSsoRule, setSsoRule } from "../members";
import { getConfig } from "../platform/config";
import { AppError } from "../platform/errors";
import { isUuidText } from "../platform/db/uuid-text";
import {
  createWorkspaceProvider,
  deleteWorkspaceProvider,
  getWorkspaceProvider,
  listWorkspaceProviders,
  providerIdInput,
  readConnectionTest,
  serviceProviderUrls,
  ssoRuleInput,
  startConnectionTest,
  updateWorkspaceProvider,
  workspaceProviderCreateInput,
  workspaceProviderUpdateInput,
} from "../sso";
import { actingTenant } from "./acting-tenant";
import { BROWSER, publicProcedure, router } from "./trpc";

const adminRuleInput = z.object({ serviceKey: z.string(), tenantId: z.string(), required: z.boolean() });

/**
 * A workspace owner's own single sign-on (issue 32 item 3, ADR 086): the workspace's identity
 * providers, what to paste into them, "test the connection", and "require single sign-on".
 * Owner only (`sso.manage`); the dashboard's /settings/sso calls these, REST binds the same
 * under `/api/tenants/me/sso/...`.
 */
export const workspaceSsoRouter = router({
  providers: publicProcedure.meta(BROWSER).query(async ({ ctx }) => {
    const tenant = await actingTenant(ctx, "sso.manage");
    return { providers: await listWorkspaceProviders(ctx.em, tenant.tenantId) };
  }),
  provider: publicProcedure.meta(BROWSER).input(providerIdInput).query(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "sso.manage");
    return getWorkspaceProvider(ctx.em, tenant.tenantId, input.providerId);
  }),
  createProvider: publicProcedure.meta(BROWSER).input(workspaceProviderCreateInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "sso.manage");
    return createWorkspaceProvider(ctx.em, tenant.tenantId, input);
  }),
  updateProvider: publicProcedure.meta(BROWSER).input(workspaceProviderUpdateInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "sso.manage");
    const { providerId, ...fields } = input;
    return updateWorkspaceProvider(ctx.em, tenant.tenantId, providerId, fields);
  }),
  removeProvider: publicProcedure.meta(BROWSER).input(providerIdInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "sso.manage");
    await deleteWorkspaceProvider(ctx.em, tenant.tenantId, input.providerId);
    return { ok: true as const };
  }),
  /** What the owner pastes into the identity provider. */
  serviceProvider: publicProcedure.meta(BROWSER).query(async ({ ctx }) => {
    await actingTenant(ctx, "sso.manage");
    const { entityId, acsUrl } = serviceProviderUrls();
    return { entityId, acsUrl, metadataUrl: entityId, oidcRedirectUri: `${getConfig().authUrl}/sso/oidc/callback` };
  }),
  startTest: publicProcedure.meta(BROWSER).input(providerIdInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "sso.manage");
    return startConnectionTest(ctx.em, tenant.tenantId, tenant.userId, input.providerId);
  }),
  testReport: publicProcedure.meta(BROWSER).input(providerIdInput).query(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "sso.manage");
    await getWorkspaceProvider(ctx.em, tenant.tenantId, input.providerId);
    return readConnectionTest(ctx.em, tenant.tenantId, tenant.userId, input.providerId);
  }),
  rule: publicProcedure.meta(BROWSER).query(async ({ ctx }) => {
    const tenant = await actingTenant(ctx, "sso.manage");
    return { required: await readSsoRule(ctx.em, tenant.tenantId) };
  }),
  setRule: publicProcedure.meta(BROWSER).input(ssoRuleInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "sso.manage");
    return setSsoRule(ctx.em, tenant.tenantId, input.required);
  }),
  /** Break-glass (ADR 086): the service administrator sets any workspace's rule, typically off while its provider is down. */
  adminSetRule: publicProcedure.input(adminRuleInput).mutation(async ({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    if (!isUuidText(input.tenantId.toLowerCase())) throw new AppError("NOT_FOUND", "Workspace not found");
    return setSsoRule(ctx.em, input.tenantId.toLowerCase(), input.required);
  }),
});
