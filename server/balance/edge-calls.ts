import type { MikroORM } from "@mikro-orm/postgresql";
import type { CachedBalance } from "./balance-cache";
import { loadBalance } from "./balance-service";

/* What the HTTP edge asks of balances: each call forks its own EntityManager (ADR 069). */

/** The workspace's balance, from the cache or the ledger. */
export function balanceOf(orm: MikroORM, tenantId: string): Promise<CachedBalance> {
  return loadBalance(orm.em.fork(), tenantId);
}
