import type { EntityManager } from "@mikro-orm/postgresql";
import { AppError } from "../platform/errors";
import { forgetBalance } from "./balance-cache";

export type LedgerKind = "welcome_grant" | "admin_grant" | "admin_deduct";

export interface LedgerEntryInput {
  tenantId: string;
  amountMicros: bigint;
  kind: LedgerKind;
  reference?: string | null;
  idempotencyKey?: string | null;
  createdBy?: string | null;
}

/**
 * Appends one entry. A repeated idempotency key for the same workspace writes nothing and
 * reports `duplicate: true`. A deduction that would take the balance below zero is refused,
 * decided under a row lock on the balance so two deductions cannot both pass.
 */
export async function appendLedgerEntry(em: EntityManager, entry: LedgerEntryInput): Promise<{ duplicate: boolean }> {
  const result = await em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const ctx = tx.getTransactionContext();
    if (entry.amountMicros < 0n) {
      const rows = await connection.execute<{ balance_micros: string }[]>(
        `select balance_micros from tenant_balances where tenant_id = ? for update`,
        [entry.tenantId],
        "all",
        ctx,
      );
      const balance = BigInt(rows[0]?.balance_micros ?? "0");
      if (balance + entry.amountMicros < 0n) throw new AppError("BAD_REQUEST", "Insufficient credits for this deduction");
    }
    const inserted = await connection.execute<{ id: string }[]>(
      `insert into credit_ledger (tenant_id, amount_micros, kind, reference, idempotency_key, created_by)
       values (?, ?, ?, ?, ?, ?)
       on conflict (tenant_id, idempotency_key) where idempotency_key is not null do nothing
       returning id`,
      [entry.tenantId, entry.amountMicros.toString(), entry.kind, entry.reference ?? null, entry.idempotencyKey ?? null, entry.createdBy ?? null],
      "all",
      ctx,
    );
    return { duplicate: inserted.length === 0 };
  });
  forgetBalance(entry.tenantId);
  return result;
}
