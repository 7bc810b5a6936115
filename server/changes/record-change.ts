import type { EntityManager } from "@mikro-orm/postgresql";
import { notify } from "../platform/db/notifications";
import { isWebhookEvent, type ChangeType } from "./change-types";

/** Wakes the webhook delivery workers of every instance, once the change commits. */
export const WEBHOOKS_DUE_CHANNEL = "svc_webhooks_due";

/** Who made a change; filled by the audit log (issue 20), optional until then. */
export type ChangeActor = { type: "person"; id: string; email: string } | { type: "key"; id: string; name: string } | { type: "system" };

export interface Change {
  tenantId: string;
  /** Null: a change of the whole workspace, which every app's event feed carries. */
  appId?: string | null;
  type: ChangeType;
  /** What a receiver needs to act on it: ids and names, never a secret. */
  data: Record<string, unknown>;
  actor?: ChangeActor | null;
  target?: { type: string; id: string } | null;
}

/**
 * The one way a change is recorded: one row of the change log (the deployed tool's event feed
 * reads it, its id is the webhook's `webhook-id`) and, for a webhook event, one outbox row per
 * enabled endpoint of the workspace that subscribes to it. Always called with the
 * transaction's EntityManager: a change that rolls back leaves no record and sends nothing,
 * and a committed change is always delivered (at least once). Returns the record's id.
 */
export async function recordChange(tx: EntityManager, change: Change): Promise<string> {
  const [row] = await tx.execute<{ id: string }[]>(
    `insert into app_events (tenant_id, app_id, type, data, actor, target_type, target_id) values (?, ?, ?, ?::jsonb, ?::jsonb, ?, ?) returning id::text as id`,
    [
      change.tenantId,
      change.appId ?? null,
      change.type,
      JSON.stringify(change.data),
      change.actor ? JSON.stringify(change.actor) : null,
      change.target?.type ?? null,
      change.target?.id ?? null,
    ],
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
