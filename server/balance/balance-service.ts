import type { EntityManager } from "@mikro-orm/postgresql";
import { cachedBalance, rememberBalance, type CachedBalance } from "./balance-cache";
import { formatCredits } from "./money";
import type { BalanceBody } from "./schemas";


export function balanceBody(tenantId: string, balance: CachedBalance): BalanceBody {
  balance.body ??= {
    tenantId,
    balance: formatCredits(balance.micros),
    balanceMicros: balance.micros.toString(),
    currency: "credits",
    asOf: balance.asOf,
  } satisfies BalanceBody;
  return balance.body as BalanceBody;
}

/** The sum of the workspace's ledger (kept by trigger in tenant_balances); `asOf` is its last write. */
export async function loadBalance(em: EntityManager, tenantId: string): Promise<CachedBalance> {
  const cached = cachedBalance(tenantId);
  if (cached) return cached;
  const rows = await em
    .getConnection()
    .execute<{ balance_micros: string; updated_at: Date }[]>(`select balance_micros, updated_at from tenant_balances where tenant_id = ?`, [tenantId]);
  const row = rows[0];
  const balance: CachedBalance = row
    ? { micros: BigInt(row.balance_micros), asOf: new Date(row.updated_at).toISOString() }
    : { micros: 0n, asOf: new Date(0).toISOString() };
  rememberBalance(tenantId, balance);
  return balance;
}
