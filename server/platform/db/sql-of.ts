import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * Raw SQL on `em`, inside its transaction when it is a transactional fork: MikroORM's
 * `execute` runs on the pool unless it is handed the transaction context, so every MFA query
 * goes through here and a verify's writes commit or roll back together.
 */
export function sqlOf(em: EntityManager) {
  return <T = Record<string, unknown>[]>(query: string, params: unknown[] = []): Promise<T> =>
    em.getConnection().execute<T extends unknown[] ? T : never>(query, params as never[], "all", em.getTransactionContext()) as Promise<T>;
}
