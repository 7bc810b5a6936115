import { z } from "zod";
import { BROWSER, authedProcedure, router } from "./trpc";
import { findTenant, tenantRow, checkSlugInput, createTenantInput, updateTenantInput, isValidSlugFormat, normalizeSlug, SLUG_FORMAT_MESSAGE, SLUG_CHECK, checkSlug, createTenant, requireProductionTenant, setTenantLogo, updateTenant } from "../tenants";
import { caller } from "./caller";
import { assertTwoStepPassed, assertTwoStepRule, readTwoStepRule, setTwoStepRule, twoStepRuleInput, tenantFor } from "../members";
import { AppError } from "../platform/errors";
import { assertPermanentAccount } from "../identity";

export const tenantsRouter = router({
  create: authedProcedure.input(createTenantInput).mutation(async ({ ctx, input }) => {
    // A workspace comes with welcome credits: an anonymous account creates none (ADR 062).
    assertPermanentAccount(ctx.session, "createWorkspace");
    return tenantRow(await createTenant(ctx.em, ctx.session.userId, input));
  }),
  checkSlug: authedProcedure.meta(BROWSER).input(checkSlugInput).query(({ ctx, input }) => {
    const slug = normalizeSlug(input.slug ?? "");
    if (!isValidSlugFormat(slug)) return { available: false as const, code: SLUG_CHECK.INVALID_SLUG.code, error: SLUG_FORMAT_MESSAGE };
    return checkSlug(ctx.em, ctx.session.userId, slug);
  }),
  me: authedProcedure.meta(BROWSER).query(async ({ ctx }) => {
    const tenant = await requireProductionTenant(ctx.em, ctx.session.userId);
    await assertTwoStepRule(ctx.em, tenant.id, ctx.session.secondFactor);
    return tenantRow(tenant);
  }),
  /** Whether the workspace requires two-step sign-in of sessions (ADR 049); the owner's to read and set. */
  twoStepRule: authedProcedure.query(async ({ ctx }) => {
    const tenant = await tenantFor(caller(ctx), "workspace.edit");
    return { required: await readTwoStepRule(ctx.em, tenant.tenantId) };
  }),
  setTwoStepRule: authedProcedure.input(twoStepRuleInput).mutation(async ({ ctx, input }) => {
    const tenant = await tenantFor(caller(ctx), "workspace.edit");
    return setTwoStepRule(ctx.em, tenant.tenantId, input.required, ctx.session.secondFactor);
  }),
  /**
   * The workspace the dashboard shows: the one chosen in the switcher, else the owned one,
   * else the first joined (SPEC 4.2's `/api/tenants/me` stays the owned one), with the role.
   */
  current: authedProcedure.query(async ({ ctx }) => {
    const membership = await tenantFor(caller(ctx), "workspace.read");
    const tenant = await findTenant(ctx.em, membership.tenantId);
    if (!tenant) throw new AppError("NOT_FOUND", "Workspace not found");
    return { ...tenantRow(tenant), role: membership.role };
  }),
  update: authedProcedure.meta(BROWSER)
    .input(updateTenantInput)
    .mutation(async ({ ctx, input }) => {
      // One lookup serves the rule and the edit: each wait for PostgreSQL costs a rename more than its audit row does (ADR 047).
      const tenant = await requireProductionTenant(ctx.em, ctx.session.userId);
      assertTwoStepPassed(tenant.requireTwoStep, ctx.session.secondFactor);
      return tenantRow(await updateTenant(ctx.em, tenant, input));
    }),
  setLogo: authedProcedure.input(z.object({ file: z.custom<Uint8Array>((value) => value instanceof Uint8Array, "Missing file") })).mutation(async ({ ctx, input }) => {
    await assertTwoStepRule(ctx.em, (await requireProductionTenant(ctx.em, ctx.session.userId)).id, ctx.session.secondFactor);
    const tenant = tenantRow(await setTenantLogo(ctx.em, ctx.session.userId, input.file));
    return { logoUrl: tenant.logoUrl!, tenant };
  }),
});
