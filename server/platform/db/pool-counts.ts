import type { MikroORM } from "@mikro-orm/postgresql";

/** The knex (tarn) pool's counts, for the metrics: read at each scrape, undefined before the pool exists. */
export function poolCounts(orm: MikroORM): { used: number; free: number; pending: number } | undefined {
  const pool = (orm.em.getConnection().getKnex().client as { pool?: TarnPool }).pool;
  if (!pool) return undefined;
  return { used: pool.numUsed(), free: pool.numFree(), pending: pool.numPendingAcquires() };
}

/** What tarn's Pool answers (knex does not export its type). */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}
