import type { EntityManager } from "@mikro-orm/postgresql";
import { WEBHOOKS_DUE_CHANNEL, type WebhookEventType } from "../changes";
import { notify } from "../platform/db/notifications";
import { AppError } from "../platform/errors";
import { requireEndpoint } from "./endpoint-service";
import type { WebhookDeliveryView } from "./schemas";

const LOG_LENGTH = 50;

interface DeliveryRow {
  id: string;
  change_id: string;
  type: WebhookEventType;
  status: "pending" | "delivered" | "failed";
  next_attempt_at: Date;
  created_at: Date;
  attempts: Array<{ attempted_at: string; response_status: number | null; latency_ms: number; response_excerpt: string; error: string | null }> | null;
}

/** The endpoint's latest deliveries, newest first, each with every attempt, oldest first. */
export async function listDeliveries(em: EntityManager, tenantId: string, endpointId: string): Promise<WebhookDeliveryView[]> {
  await requireEndpoint(em, tenantId, endpointId);
  return deliveryViews(em, endpointId, null);
}

async function deliveryViews(em: EntityManager, endpointId: string, deliveryId: string | null): Promise<WebhookDeliveryView[]> {
  const rows = await em.execute<DeliveryRow[]>(
    `select d.id::text as id, d.change_id::text as change_id, e.type, d.status, d.next_attempt_at, d.created_at,
            (select json_agg(json_build_object('attempted_at', a.attempted_at, 'response_status', a.response_status, 'latency_ms', a.latency_ms,
                                               'response_excerpt', a.response_excerpt, 'error', a.error) order by a.id)
               from webhook_attempts a where a.delivery_id = d.id) as attempts
       from webhook_deliveries d join app_events e on e.id = d.change_id
      where d.endpoint_id = ? and (?::bigint is null or d.id = ?::bigint) order by d.id desc limit ?`,
    [endpointId, deliveryId, deliveryId, LOG_LENGTH],
  );
  return rows.map((row) => ({
    id: row.id,
    eventId: row.change_id,
    eventType: row.type,
    status: row.status,
    nextAttemptAt: row.status === "pending" ? new Date(row.next_attempt_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    attempts: (row.attempts ?? []).map((a) => ({
      attemptedAt: new Date(a.attempted_at).toISOString(),
      status: a.response_status,
      latencyMs: a.latency_ms,
      responseExcerpt: a.response_excerpt,
      error: a.error,
    })),
  }));
}

/**
 * "Resend": the same event (same `webhook-id`, a new timestamp and signature) goes out now,
 * and if that fails the schedule runs again from its start.
 */
export async function resendDelivery(em: EntityManager, tenantId: string, endpointId: string, deliveryId: string): Promise<WebhookDeliveryView> {
  const endpoint = await requireEndpoint(em, tenantId, endpointId);
  if (endpoint.disabled_at) throw new AppError("CONFLICT", "This endpoint is disabled; enable it before resending");
  await em.transactional(async (tx) => {
    const rows = await tx.execute<{ id: string }[]>(
      `update webhook_deliveries set status = 'pending', schedule_step = 0, next_attempt_at = now(), finished_at = null
        where id = ? and endpoint_id = ? returning id`,
      [deliveryId, endpointId],
    );
    if (rows.length === 0) throw new AppError("NOT_FOUND", "Delivery not found");
    await notify(tx, WEBHOOKS_DUE_CHANNEL, "");
  });
  return (await deliveryViews(em, endpointId, deliveryId))[0]!;
}
