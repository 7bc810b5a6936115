import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { revokeSessionsOf } from "./session-ending";
import { hashPassword } from "./passwords";

/**
 * Accounts a workspace's directory provisions (SCIM, ADR 080). An account is matched by its
 * email, so a person the directory names signs in later (SSO, password, link) as that same
 * account; one made here is *managed* by the workspace: its directory may suspend it whole.
 */
export async function provisionAccount(
  tx: EntityManager,
  input: { email: string; tenantId: string; metadata: Record<string, unknown> },
): Promise<{ userId: string; created: boolean; managedByTenantId: string | null }> {
  const found = await tx.execute<{ id: string; managed_by_tenant_id: string | null }[]>(
    `select id, managed_by_tenant_id from auth_users where lower(email) = lower(?)`,
    [input.email],
  );
  if (found[0]) return { userId: found[0].id, created: false, managedByTenantId: found[0].managed_by_tenant_id };
  const userId = randomUUID();
  // No password anyone knows: the person signs in through the company's provider, a link or a reset.
  await tx.execute(
    `insert into auth_users (id, email, password_hash, email_confirmed_at, is_anonymous, app_metadata, user_metadata, managed_by_tenant_id, created_at, updated_at)
     values (?, ?, ?, now(), false, ?, ?, ?, now(), now())`,
    [userId, input.email.toLowerCase(), await hashPassword(randomUUID()), JSON.stringify({ provider: "email", providers: ["email"] }), JSON.stringify(input.metadata), input.tenantId],
  );
  return { userId, created: true, managedByTenantId: input.tenantId };
}

/** Suspends a managed account whole: no new session (account-suspension.ts), and every open one ends on every instance. */
export async function suspendManagedAccount(em: EntityManager, userId: string): Promise<void> {
  await em.getConnection().execute(`update auth_users set suspended_at = coalesce(suspended_at, now()), updated_at = now() where id = ?`, [userId]);
  await revokeSessionsOf(em, userId, null);
}

export async function reactivateManagedAccount(em: EntityManager, userId: string): Promise<void> {
  await em.getConnection().execute(`update auth_users set suspended_at = null, updated_at = now() where id = ?`, [userId]);
}
