import type { EntityManager } from "@mikro-orm/postgresql";
import { recordChange, type ChangeActor, type ChangeType } from "../changes";
import { AppError } from "../platform/errors";
import type { AppEventType } from "./entities";

/**
 * The append-only log a deployed tool reads from GET /api/deployments/me/events: the
 * workspace's change log (ADR 041), so a connection change that webhooks announce reaches
 * both with one id.
 * `appId` null: an event of the whole workspace, which every app of the tenant sees
 * (a connection created or revoked from the dashboard belongs to no single app).
 * Always called with the transaction's EntityManager, so the event commits with the change.
 */
export async function appendEvent(
  tx: EntityManager,
  event: { tenantId: string; appId: string | null; type: AppEventType; data: Record<string, unknown>; actor?: ChangeActor },
): Promise<void> {
  // The audit log names the connection the change is about.
  const connectionId = typeof event.data.connectionId === "string" ? event.data.connectionId : null;
  // A binding's audit row (binding.changed) says which app and whether it was bound or unbound: its action alone does not.
  const binding = event.type === "connection.bound" || event.type === "connection.unbound";
  const auditData = binding ? { appId: event.appId, connectionId, provider: event.data.provider, bound: event.type === "connection.bound" } : undefined;
  await recordChange(tx, { ...event, auditData, target: connectionId ? { type: "connection", id: connectionId } : null });
}

export interface AppEventRow {
  id: string;
  type: ChangeType;
  createdAt: string;
  data: Record<string, unknown>;
}

/**
 * Events an app sees, oldest first, after the cursor (the bigserial id, as a string).
 * `nextCursor` is the last id returned, or the given cursor when there is nothing new.
 */
export async function listAppEvents(
  em: EntityManager,
  input: { tenantId: string; appId: string; after: string | null; limit: number },
): Promise<{ events: AppEventRow[]; nextCursor: string | null }> {
  // Up to 19 digits: every bigserial id (parseEventQuery bounds the HTTP query to 2^63-1 the same way).
  if (input.after !== null && !/^\d{1,19}$/.test(input.after)) throw new AppError("BAD_REQUEST", "Invalid cursor");
  const rows = await em.execute<{ id: string; type: ChangeType; created_at: Date; data: Record<string, unknown> }[]>(
    // Ordered by the bigint column, not the text alias (which would put "10" before "9").
    `select id::text as id, type, created_at, data from app_events
      where tenant_id = ? and (app_id = ? or app_id is null) and id > ?
      order by app_events.id asc limit ?`,
    [input.tenantId, input.appId, input.after ?? "0", input.limit],
  );
  const events = rows.map((row) => ({ id: row.id, type: row.type, createdAt: new Date(row.created_at).toISOString(), data: row.data }));
  return { events, nextCursor: events.at(-1)?.id ?? input.after };
}
