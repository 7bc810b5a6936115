import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { accountEventInEachWorkspace, recordChange, type AuditAction, type ChangeActor } from "../changes";

/**
 * An account's own security events (sign-ins, failed sign-ins, sign-outs, revoked sessions)
 * belong to no one workspace: each workspace the person is a member of records them, so its
 * owner sees who got into an account that reaches the workspace (ADR 047). A person in no
 * workspace yet leaves no row. Called with the transaction of the change, like every record.
 * The copies name the account and share one event id, so the person's own list on the
 * profile page shows the event once.
 */
export async function recordAccountChange(
  tx: EntityManager,
  userId: string,
  change: { audit: AuditAction; data: Record<string, unknown>; target: { type: string; id: string }; actor?: ChangeActor },
): Promise<void> {
  // In one order, so two transactions recording for the same people never wait on each other's chains in a cycle.
  const tenants = await tx.execute<{ tenant_id: string }[]>(`select tenant_id from tenant_memberships where user_id = ? order by tenant_id`, [userId]);
  const account = { userId, eventId: randomUUID() };
  for (const { tenant_id } of tenants) await recordChange(tx, { tenantId: tenant_id, ...change, account });
}

/**
 * `recordAccountChange` outside a transaction, as one statement (its own transaction): the
 * memberships read and every workspace's row in one round trip, not four (ADR 093). For an
 * event that is the whole change, such as a failed sign-in.
 */
export async function recordAccountEvent(
  em: EntityManager,
  userId: string,
  change: { audit: AuditAction; data: Record<string, unknown>; target: { type: string; id: string }; actor?: ChangeActor },
): Promise<void> {
  const audit = accountEventInEachWorkspace("audit", userId, { action: change.audit, target: change.target, changes: change.data, ...(change.actor ? { actor: change.actor } : {}) });
  await em.getConnection().execute(`with ${audit.sql} select 1`, audit.params);
}

/** The person as an audit actor. */
export const personActor = (user: { id: string; email: string | null }): ChangeActor => ({ type: "person", id: user.id, email: user.email ?? "" });

/**
 * Ends sessions with one UPDATE (`sql` returns `id` and `user_id`), records each in its
 * person's workspaces in the same transaction, and tells every instance (publish). The actor
 * is the request's unless the caller names one (a path whose request has no session actor).
 */
export async function endSessionsAudited(
  em: EntityManager,
  sql: string,
  params: unknown[],
  audit: "session.signed_out" | "session.revoked",
  publish: (tx: EntityManager, sessionId: string) => Promise<void>,
  actor?: ChangeActor,
): Promise<string[]> {
  return em.transactional(async (tx) => {
    const rows = await tx.execute<{ id: string; user_id: string }[]>(sql, params);
    for (const row of rows) {
      await recordAccountChange(tx, row.user_id, { audit, data: {}, target: { type: "session", id: row.id }, ...(actor ? { actor } : {}) });
      await publish(tx, row.id);
    }
    return rows.map((row) => row.id);
  });
}
