import type { EntityManager } from "@mikro-orm/postgresql";
import { notify } from "../platform/db/notifications";
import { currentRequestActor, type RequestActor } from "../platform/request-scope";
import { AUDITED_CHANGES, type AuditAction } from "./audit-actions";
import { appendAuditRow, type AccountEventRef, type ChangeStatement } from "./audit-writer";
import { isWebhookEvent, type ChangeType } from "./change-types";

/** Wakes the webhook delivery workers of every instance, once the change commits. */
export const WEBHOOKS_DUE_CHANNEL = "svc_webhooks_due";

/** Who made a change: by default the request's actor (a person, a key, an OAuth client), else `system`. */
export type ChangeActor = RequestActor;

export interface Change {
  tenantId: string;
  /** Null: a change of the whole workspace, which every app's event feed carries. */
  appId?: string | null;
  /** The change log's type (the deployed tool's feed and webhooks); absent for a change only the audit log records. */
  type?: ChangeType;
  /** The audit log's action; absent for a change the audit log does not record. */
  audit?: AuditAction;
  /** What a receiver needs to act on it: ids and names, never a secret. */
  data: Record<string, unknown>;
  /** What the audit row keeps of the change, when it differs from `data` (never a secret or a value). */
  auditData?: Record<string, unknown>;
  actor?: ChangeActor | null;
  target?: { type: string; id: string } | null;
  /** Set for a person's account event, written in each of their workspaces: the profile page lists it once (ADR 047). */
  account?: AccountEventRef | null;
}

/**
 * The one way a change is recorded (ADR 041, ADR 047), always called with the transaction's
 * EntityManager, so a change that rolls back leaves no record and sends nothing:
 * - with a `type`, one row of the change log (the deployed tool's event feed reads it, its id
 *   is the webhook's `webhook-id`) and, for a webhook event, one outbox row per enabled endpoint
 *   of the workspace that subscribes to it;
 * - with an `audit` action (or a type AUDITED_CHANGES names), one row appended to the workspace's hash-chained audit log.
 * Returns the change log row's id (empty when only the audit log records the change).
 */
export async function recordChange(tx: EntityManager, change: Change): Promise<string> {
  if (!change.type && !change.audit) throw new Error("recordChange needs a change type or an audit action");
  const actor = change.actor ?? currentRequestActor();
  const audit = change.audit ?? (change.type && AUDITED_CHANGES[change.type]);
  if (audit) {
    await appendAuditRow(tx, { tenantId: change.tenantId, action: audit, target: change.target ?? null, changes: change.auditData ?? change.data, actor, account: change.account ?? null });
  }
  if (!change.type) return "";
  const [row] = await tx.execute<{ id: string }[]>(
    `insert into app_events (tenant_id, app_id, type, data, actor, target_type, target_id) values (?, ?, ?, ?::jsonb, ?::jsonb, ?, ?) returning id::text as id`,
    [change.tenantId, change.appId ?? null, change.type, JSON.stringify(change.data), JSON.stringify(actor), change.target?.type ?? null, change.target?.id ?? null],
  );
  const id = row!.id;
  if (isWebhookEvent(change.type)) {
    // An empty filter subscribes to every event.
    const queued = await tx.execute<{ id: string }[]>(
      `insert into webhook_deliveries (endpoint_id, change_id)
       select id, ? from webhook_endpoints
        where tenant_id = ? and disabled_at is null and (cardinality(event_types) = 0 or ? = any(event_types))
       returning id`,
      [id, change.tenantId, change.type],
    );
    if (queued.length > 0) await notify(tx, WEBHOOKS_DUE_CHANNEL, "");
  }
  return id;
}

/**
 * An audited change (an `audit` action, no change-log `type`) whose write is one statement:
 * the statement and its audit row are sent as one (ADR 047's amendment on the rename's cost),
 * which is its own transaction when `em` is not in one. Answers the statement's `returning`
 * rows; a statement that changes no row records nothing.
 */
export async function recordChangeWithStatement<Row>(em: EntityManager, change: Change, statement: ChangeStatement): Promise<Row[]> {
  if (!change.audit || change.type) throw new Error("recordChangeWithStatement takes an audit action and no change-log type");
  const actor = change.actor ?? currentRequestActor();
  return appendAuditRow<Row>(em, { tenantId: change.tenantId, action: change.audit, target: change.target ?? null, changes: change.auditData ?? change.data, actor }, statement);
}
