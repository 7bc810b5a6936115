import { randomUUID } from "node:crypto";
import { z } from "zod";
import { caller } from "./caller";
import { tenantFor } from "../members";
import { AppError } from "../platform/errors";
import { nameSchema } from "../platform/validation/text";
import { BROWSER, adminProcedure, authedProcedure, router } from "./trpc";
import { balanceBody, loadBalance, appendLedgerEntry, parseCredits, ledgerPage, tenantsPage, MAX_PAGE_SIZE, PAGE_SIZE } from "../balance";
import { isAdmin } from "../identity";
import { findTenant } from "../tenants";
import { forbidden } from "../platform/errors";

const adjustInput = z.object({
  tenantId: z.uuid({ error: "Workspace not found" }),
  direction: z.enum(["grant", "deduct"], { error: "Choose grant or deduct" }),
  amount: z.string({ error: "Amount must be a positive number of credits (up to 6 decimals)" }),
  reference: nameSchema("Reference must be 200 characters or less, without control characters", 0, 200).optional(),
  idempotencyKey: nameSchema("Idempotency key must be 8-100 characters", 8, 100).default(() => randomUUID()),
});

const pageInput = z.object({
  cursor: z.string({ error: "Invalid page cursor" }).max(200, "Invalid page cursor").optional(),
  limit: z.number({ error: "Page size must be 1-100" }).int("Page size must be 1-100").min(1, "Page size must be 1-100").max(MAX_PAGE_SIZE, "Page size must be 1-100").default(PAGE_SIZE),
});

const historyInput = pageInput.extend({
  /** Another workspace than the caller's current one: administrators only. */
  tenantId: z.uuid({ error: "Workspace not found" }).optional(),
});

export const balanceRouter = router({
  /** The signed-in member's workspace balance (shown in the dashboard header). */
  myBalance: authedProcedure.meta(BROWSER).query(async ({ ctx }) => {
    const tenant = await tenantFor(caller(ctx), "workspace.read");
    return balanceBody(tenant.tenantId, await loadBalance(ctx.em, tenant.tenantId));
  }),
  /** Administrators: every workspace with its balance, a page at a time. */
  workspaces: adminProcedure.meta(BROWSER).input(pageInput.optional()).query(({ ctx, input }) => tenantsPage(ctx.em, pageInput.parse(input ?? {}))),
  /**
   * The credits history (who, when, kind, amount, reference), newest first: a member sees
   * their current workspace's, an administrator any workspace's.
   */
  history: authedProcedure.meta(BROWSER).input(historyInput).query(async ({ ctx, input }) => {
    let tenantId: string;
    const current = input.tenantId && !(await isAdmin(ctx.em, ctx.session)) ? await tenantFor(caller(ctx), "workspace.read") : null;
    if (input.tenantId) {
      if (current && current.tenantId !== input.tenantId) throw forbidden();
      tenantId = input.tenantId;
    } else {
      tenantId = (await tenantFor(caller(ctx), "workspace.read")).tenantId;
    }
    const tenant = await findTenant(ctx.em, tenantId);
    if (!tenant) throw new AppError("NOT_FOUND", "Workspace not found");
    return { tenantId, name: tenant.name, slug: tenant.slug, ...(await ledgerPage(ctx.em, tenantId, input)) };
  }),
  /** Grant or deduct; the idempotency key makes a double submit write once. */
  adjust: adminProcedure.meta(BROWSER).input(adjustInput).mutation(async ({ ctx, input }) => {
    const micros = parseCredits(input.amount);
    if (!micros) throw new AppError("BAD_REQUEST", "Amount must be a positive number of credits (up to 6 decimals)");
    if (!(await findTenant(ctx.em, input.tenantId))) throw new AppError("NOT_FOUND", "Workspace not found");
    const { duplicate } = await appendLedgerEntry(ctx.em, {
      tenantId: input.tenantId,
      amountMicros: input.direction === "grant" ? micros : -micros,
      kind: input.direction === "grant" ? "admin_grant" : "admin_deduct",
      reference: input.reference ?? null,
      idempotencyKey: input.idempotencyKey,
      createdBy: ctx.session.userId,
    });
    return { duplicate, ...balanceBody(input.tenantId, await loadBalance(ctx.em, input.tenantId)) };
  }),
});
