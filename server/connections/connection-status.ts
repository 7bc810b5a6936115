import type { EntityManager } from "@mikro-orm/postgresql";
import { COLUMNS, eventData, summary, type ConnectionDbRow, type ConnectionSummary } from "./connection-service";
import type { ConnectionStatus } from "./entities";
import { appendEvent } from "./events";
import { connectionsChangedLocally } from "./tool-surface/connections-changed";

/**
 * A connection's health state (issue 19): the background job, the provider proxy and the
 * reconnect flow move it here, never by writing the columns themselves, so every change is
 * announced in one place.
 */

/** Reasons are shown in the dashboard and to tools: short, one line. */
const REASON_LIMIT = 300;
const oneLine = (reason: string | null) => (reason === null ? null : reason.replace(/\s+/g, " ").trim().slice(0, REASON_LIMIT) || null);

export type ConnectionChange = "needs_reauth" | "revoked" | "reconnected";

/**
 * THE call site for "a connection's state changed" events (needs_reauth, revoked,
 * reconnected). Today it writes the deployed-tool event feed (/api/deployments/me/events) in
 * the caller's transaction; the webhooks outbox (issue 19 item 4) is written here too, so
 * both commit with the change or not at all.
 */
export async function announceConnectionChange(tx: EntityManager, change: ConnectionChange, connection: ConnectionSummary): Promise<void> {
  const data = { ...eventData(connection), status: connection.status, statusReason: connection.statusReason };
  await appendEvent(tx, { tenantId: connection.tenantId, appId: null, type: `connection.${change}`, data });
}

/** Which changes are announced: into `needs_reauth` or `revoked` (an error or a recovery is shown, not announced). */
function changeOf(previous: ConnectionStatus, next: ConnectionStatus): ConnectionChange | null {
  if (previous === next) return null;
  if (next === "needs_reauth" || next === "revoked") return next;
  return null;
}

/**
 * Sets the connection's state (and reason) in one transaction with its announcement;
 * `status_changed_at` moves only when the state itself changes. Returns the connection as
 * written, or null when it is gone (disconnected meanwhile).
 */
export async function setConnectionStatus(
  em: EntityManager,
  connectionId: string,
  next: { status: ConnectionStatus; reason: string | null },
): Promise<ConnectionSummary | null> {
  const reason = next.status === "active" ? null : oneLine(next.reason);
  const written = await em.transactional(async (tx) => {
    const locked = await tx.execute<ConnectionDbRow[]>(`select ${COLUMNS} from connections where id = ? for update`, [connectionId]);
    const before = locked[0];
    if (!before) return null;
    if (before.status === next.status && before.status_reason === reason) return { connection: summary(before), changed: false };
    const [row] = await tx.execute<ConnectionDbRow[]>(
      `update connections set status = ?, status_reason = ?,
              status_changed_at = case when status = ? then status_changed_at else now() end, updated_at = now()
        where id = ? returning ${COLUMNS}`,
      [next.status, reason, next.status, connectionId],
    );
    const connection = summary(row!);
    const change = changeOf(before.status, next.status);
    if (change) await announceConnectionChange(tx, change, connection);
    return { connection, changed: true };
  });
  if (written?.changed) connectionsChangedLocally(written.connection.tenantId);
  return written?.connection ?? null;
}
