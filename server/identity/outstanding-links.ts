import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * GoTrue's `UpdatePassword`: a new password set any way (updateUser, the admin API) means the
 * person may no longer trust what the old one allowed, so every link and code still waiting
 * in a mailbox dies with it: reset links, magic links and their codes, re-authentication
 * nonces, unfollowed confirmation links. A reset link spends itself (password-reset.ts).
 */
export async function forgetOutstandingLinks(em: EntityManager, userId: string): Promise<void> {
  const connection = em.getConnection();
  await connection.execute(`delete from password_reset_links where user_id = ? and used_at is null`, [userId]);
  await connection.execute(`delete from auth_one_time_tokens where user_id = ?`, [userId]);
  await connection.execute(`delete from email_confirmations where user_id = ? and used_at is null`, [userId]);
}
