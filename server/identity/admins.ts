import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";

/**
 * Service administrators: the emails in ADMIN_EMAILS; when it is unset, the first account
 * that signs up or in. That first account is recorded once, under a transaction-scoped
 * advisory lock so two simultaneous first sign-ups cannot both become administrator.
 */
export async function recordFirstAdmin(em: EntityManager, user: { id: string; email: string }): Promise<void> {
  if (getConfig().adminEmails) return;
  // Every sign-in comes through here: once an administrator exists, skip the locked transaction.
  const existing = await em.getConnection().execute(`select 1 from service_admins limit 1`);
  if (existing.length > 0) return;
  await em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const ctx = tx.getTransactionContext();
    await connection.execute(`select pg_advisory_xact_lock(hashtext('service_admins'))`, [], "all", ctx);
    await connection.execute(
      `insert into service_admins (user_id, email) select ?, ? where not exists (select 1 from service_admins)`,
      [user.id, user.email],
      "all",
      ctx,
    );
  });
}

export async function isAdmin(em: EntityManager, user: { userId: string; email: string }): Promise<boolean> {
  const list = getConfig().adminEmails;
  if (list) return list.includes(user.email.toLowerCase());
  const rows = await em.getConnection().execute(`select 1 from service_admins where user_id = ?`, [user.userId]);
  return rows.length > 0;
}
