import { z } from "zod";
import { requireServiceRole } from "../identity";
import { adminListDomains, adminRemoveDomain, adminVerifyDomain, claimDomain, claimDomainInput, domainIdInput, listDomains, normaliseDomain, removeDomain, verifyDomain } from "../workspace-domains";
import { AppError } from "../platform/errors";
import { actingTenant } from "./acting-tenant";
import { BROWSER, publicProcedure, router } from "./trpc";

/** The admin's inputs: the bearer first (any other bearer is `403 not_admin` before anything is read), then what it names. */
const adminListInput = z.object({ serviceKey: z.string(), domain: z.string().max(1000).optional() });
const adminVerifyInput = z.object({ serviceKey: z.string(), domainId: z.string() });

/**
 * The email domains of the current workspace (issue 32 item 3, ADR 081): the owner's, like the
 * workspace's other settings, since single sign-on will trust them. The dashboard's "Single
 * sign-on" page calls these; REST binds the same (`/api/tenants/me/domains`).
 */
export const workspaceDomainsRouter = router({
  list: publicProcedure.meta(BROWSER).query(async ({ ctx }) => {
    const tenant = await actingTenant(ctx, "domains.manage");
    return listDomains(ctx.em, tenant.tenantId);
  }),
  claim: publicProcedure.meta(BROWSER).input(claimDomainInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "domains.manage");
    return claimDomain(ctx.em, tenant.tenantId, input.domain);
  }),
  verify: publicProcedure.meta(BROWSER).input(domainIdInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "domains.manage");
    return verifyDomain(ctx.em, tenant.tenantId, input.domainId);
  }),
  remove: publicProcedure.meta(BROWSER).input(domainIdInput).mutation(async ({ ctx, input }) => {
    const tenant = await actingTenant(ctx, "domains.manage");
    await removeDomain(ctx.em, tenant.tenantId, input.domainId);
    return { ok: true as const };
  }),
  /** The service administrator (service-role key): every workspace's claims, of one domain when named. */
  adminList: publicProcedure.input(adminListInput).query(async ({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    if (input.domain === undefined || input.domain === "") return { domains: await adminListDomains(ctx.em, undefined) };
    const found = normaliseDomain(input.domain);
    if (!("domain" in found)) throw new AppError("BAD_REQUEST", found.error);
    return { domains: await adminListDomains(ctx.em, found.domain) };
  }),
  /** The service administrator marks a claim verified without DNS; one workspace at a time still holds. */
  adminVerify: publicProcedure.input(adminVerifyInput).mutation(async ({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminVerifyDomain(ctx.em, input.domainId);
  }),
  /** The service administrator removes any workspace's claim: how a domain that changed hands is freed for its new owner. */
  adminRemove: publicProcedure.input(adminVerifyInput).mutation(async ({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    await adminRemoveDomain(ctx.em, input.domainId);
    return {};
  }),
});
