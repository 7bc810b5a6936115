import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";

/**
 * The outbox's claim (ADR 041): due rows are taken with FOR UPDATE SKIP LOCKED, so several
 * instances share the work and never take the same row, and each claimed row's
 * `next_attempt_at` moves past the attempt's timeout. That is the claim's lease: a row whose
 * worker died (kill -9) comes due again by itself.
 */
const LEASE_MARGIN_SECONDS = 5;
export const POLL_MS = 5_000;

export interface Claimed {
  id: string;
  schedule_step: number;
  change_id: string;
  endpoint_id: string;
  url: string;
  secret_ciphertext: string;
  /** The secret a rotation replaced, while its overlap lasts; else null. */
  previous_secret_ciphertext: string | null;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
}

export async function claim(em: EntityManager, limit: number): Promise<Claimed[]> {
  const leaseSeconds = getConfig().WEBHOOK_TIMEOUT_SECONDS + LEASE_MARGIN_SECONDS;
  return em.execute<Claimed[]>(
    `with claimed as (
       update webhook_deliveries d set next_attempt_at = now() + make_interval(secs => ?)
        where d.id in (select due.id from webhook_deliveries due join webhook_endpoints w on w.id = due.endpoint_id
                        where due.status = 'pending' and due.next_attempt_at <= now() and w.disabled_at is null
                        order by due.next_attempt_at limit ? for update of due skip locked)
       returning d.id, d.endpoint_id, d.change_id, d.schedule_step)
     select c.id::text as id, c.schedule_step, c.change_id::text as change_id, w.id as endpoint_id, w.url, w.secret_ciphertext,
            case when w.previous_secret_expires_at > now() then w.previous_secret_ciphertext end as previous_secret_ciphertext, e.type, e.data, e.created_at
       from claimed c join webhook_endpoints w on w.id = c.endpoint_id join app_events e on e.id = c.change_id`,
    [leaseSeconds, limit],
  );
}

/** Milliseconds until the next row comes due (a retry, an expired lease), at most POLL_MS. */
export async function untilNextDue(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ wait_ms: number | null }[]>(
    `select extract(epoch from (min(d.next_attempt_at) - now())) * 1000 as wait_ms
       from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id
      where d.status = 'pending' and w.disabled_at is null`,
  );
  const wait = row?.wait_ms === null || row?.wait_ms === undefined ? POLL_MS : Number(row.wait_ms);
  return Math.min(POLL_MS, Math.max(0, Math.ceil(wait)));
}

/** The Standard Webhooks payload: the same bytes on every attempt of the event. */
export function payload(row: Claimed): string {
  return JSON.stringify({ type: row.type, timestamp: new Date(row.created_at).toISOString(), data: row.data });
}
