import { randomUUID } from "node:crypto";
import { z } from "zod";
import { caller } from "../members/caller";
import { workspaceFor } from "../members/permissions";
import { AppError } from "../errors";
import { nameSchema } from "../validation/text";
import { adminProcedure, authedProcedure, router } from "../trpc";
import { balanceBody, loadBalance } from "./balance-service";
import { appendLedgerEntry } from "./ledger-service";
import { formatCredits, parseCredits } from "./money";

const adjustInput = z.object({
  tenantId: z.uuid({ error: "Workspace not found" }),
  direction: z.enum(["grant", "deduct"], { error: "Choose grant or deduct" }),
  amount: z.string({ error: "Amount must be a positive number of credits (up to 6 decimals)" }),
  reference: nameSchema("Reference must be 200 characters or less, without control characters", 0, 200).optional(),
  idempotencyKey: nameSchema("Idempotency key must be 8-100 characters", 8, 100).default(() => randomUUID()),
});

export const billingRouter = router({
  /** The signed-in member's workspace balance (shown in the dashboard header). */
  myBalance: authedProcedure.query(async ({ ctx }) => {
    const workspace = await workspaceFor(caller(ctx), "workspace.read");
    return balanceBody(workspace.tenantId, await loadBalance(ctx.em, workspace.tenantId));
  }),
  /** Administrators: every workspace with its balance. */
  workspaces: adminProcedure.query(async ({ ctx }) => {
    const rows = await ctx.em.getConnection().execute<{ id: string; name: string; slug: string; balance_micros: string | null }[]>(
      `select t.id, t.name, t.slug, b.balance_micros from tenants t left join tenant_balances b on b.tenant_id = t.id order by t.created_at desc limit 500`,
    );
    return rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, balance: formatCredits(BigInt(row.balance_micros ?? "0")) }));
  }),
  /** Grant or deduct; the idempotency key makes a double submit write once. */
  adjust: adminProcedure.input(adjustInput).mutation(async ({ ctx, input }) => {
    const micros = parseCredits(input.amount);
    if (!micros) throw new AppError("BAD_REQUEST", "Amount must be a positive number of credits (up to 6 decimals)");
    const exists = await ctx.em.getConnection().execute(`select 1 from tenants where id = ?`, [input.tenantId]);
    if (exists.length === 0) throw new AppError("NOT_FOUND", "Workspace not found");
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
