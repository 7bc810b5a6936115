import type { EntityManager } from "@mikro-orm/postgresql";
import type { RequestActor } from "../platform/request-scope";
import type { AuditEntryView, AuditFilter } from "./audit-schemas";

export interface AuditRow {
  id: string;
  seq: string;
  created_at: Date;
  actor: RequestActor;
  action: string;
  target_type: string | null;
  target_id: string | null;
  address: string | null;
  user_agent: string | null;
  request_id: string | null;
  changes: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

export const AUDIT_COLUMNS = `id::text, seq::text, created_at, actor, action, target_type, target_id, address, user_agent, request_id, changes, prev_hash, hash`;

export function auditEntryView(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    seq: Number(row.seq),
    time: new Date(row.created_at).toISOString(),
    action: row.action,
    actor: row.actor,
    target: row.target_type && row.target_id ? { type: row.target_type, id: row.target_id } : null,
    address: row.address,
    userAgent: row.user_agent,
    requestId: row.request_id,
    changes: row.changes,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/** The filter as SQL over one workspace's rows, newest first; the cursor is the last row's `seq`. */
function filterSql(tenantId: string, filter: Omit<AuditFilter, "limit">): { where: string; params: unknown[] } {
  const clauses = ["tenant_id = ?"];
  const params: unknown[] = [tenantId];
  if (filter.cursor) (clauses.push("seq < ?"), params.push(filter.cursor));
  if (filter.action) (clauses.push("action = ?"), params.push(filter.action));
  if (filter.actor) (clauses.push("(actor->>'id' = ? or lower(actor->>'email') = lower(?))"), params.push(filter.actor, filter.actor));
  if (filter.since) (clauses.push("created_at >= ?"), params.push(new Date(filter.since)));
  if (filter.until) (clauses.push("created_at < ?"), params.push(new Date(filter.until)));
  return { where: clauses.join(" and "), params };
}

/** One page of the workspace's audit log, newest first, and the cursor of the next (null on the last page). */
export async function listAuditEntries(em: EntityManager, tenantId: string, filter: AuditFilter): Promise<{ entries: AuditEntryView[]; nextCursor: string | null }> {
  const { where, params } = filterSql(tenantId, filter);
  const rows = await em.getConnection().execute<AuditRow[]>(`select ${AUDIT_COLUMNS} from audit_log where ${where} order by audit_log.seq desc limit ?`, [...params, filter.limit + 1]);
  const page = rows.slice(0, filter.limit);
  return { entries: page.map(auditEntryView), nextCursor: rows.length > filter.limit ? page[page.length - 1]!.seq : null };
}

/** Every row of a filtered range, newest first, up to `max` (the export). */
export async function auditRange(em: EntityManager, tenantId: string, filter: Omit<AuditFilter, "limit" | "cursor">, max: number): Promise<AuditEntryView[]> {
  const { where, params } = filterSql(tenantId, filter);
  const rows = await em.getConnection().execute<AuditRow[]>(`select ${AUDIT_COLUMNS} from audit_log where ${where} order by audit_log.seq desc limit ?`, [...params, max]);
  return rows.map(auditEntryView);
}
