import type { EntityManager, MikroORM } from "@mikro-orm/postgresql";
import { WEBHOOKS_DUE_CHANNEL } from "../changes";
import { getConfig } from "../platform/config";
import { decryptSecret } from "../platform/crypto/secret-box";
import { subscribe } from "../platform/db/notifications";
import { log } from "../platform/log";
import { attemptDelivery, type AttemptOutcome } from "./delivery-attempt";

/**
 * The delivery worker (ADR 041), one per instance. It claims due outbox rows with
 * FOR UPDATE SKIP LOCKED, so several instances share the work and never take the same row,
 * and pushes each claimed row's `next_attempt_at` past the attempt's timeout: that is the
 * claim's lease, so a row whose worker died (kill -9) comes due again by itself. It is woken
 * by the NOTIFY a change sends on commit, and otherwise by a timer set to the next due row
 * (at most POLL_MS away, which also covers a missed notification).
 */
const BATCH = 32;
const POLL_MS = 5_000;
const LEASE_MARGIN_SECONDS = 5;
const DISABLE_AFTER_FAILING = "5 days";

interface Claimed {
  id: string;
  schedule_step: number;
  change_id: string;
  endpoint_id: string;
  url: string;
  secret_ciphertext: string;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
}

let orm: MikroORM | undefined;
let timer: NodeJS.Timeout | undefined;
let round: Promise<void> | undefined;
let again = false;

export function startWebhookDelivery(started: MikroORM): void {
  if (orm) return;
  orm = started;
  subscribe(WEBHOOKS_DUE_CHANNEL, { onMessage: wake, onReset: wake });
  wake();
}

/** Lets a round in flight finish its attempts and record them (drain), then stops. */
export async function stopWebhookDelivery(): Promise<void> {
  orm = undefined;
  if (timer) clearTimeout(timer);
  timer = undefined;
  await round;
}

function wake(): void {
  if (!orm) return;
  if (round) {
    again = true;
    return;
  }
  round = runRounds().finally(() => (round = undefined));
}

async function runRounds(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  let waitMs = POLL_MS;
  try {
    do {
      again = false;
      const current = orm;
      if (!current) return;
      const claimed = await claim(current.em.fork());
      await Promise.all(claimed.map((row) => deliver(current, row)));
      if (claimed.length === BATCH) again = true;
    } while (again && orm);
    if (orm) waitMs = await untilNextDue(orm.em.fork());
  } catch (error) {
    log.warn("webhook delivery round failed", { message: (error as Error).message });
  }
  if (orm) {
    timer = setTimeout(wake, waitMs);
    timer.unref();
  }
}

async function claim(em: EntityManager): Promise<Claimed[]> {
  const leaseSeconds = getConfig().WEBHOOK_TIMEOUT_SECONDS + LEASE_MARGIN_SECONDS;
  return em.execute<Claimed[]>(
    `with claimed as (
       update webhook_deliveries d set next_attempt_at = now() + make_interval(secs => ?)
        where d.id in (select due.id from webhook_deliveries due join webhook_endpoints w on w.id = due.endpoint_id
                        where due.status = 'pending' and due.next_attempt_at <= now() and w.disabled_at is null
                        order by due.next_attempt_at limit ? for update of due skip locked)
       returning d.id, d.endpoint_id, d.change_id, d.schedule_step)
     select c.id::text as id, c.schedule_step, c.change_id::text as change_id, w.id as endpoint_id, w.url, w.secret_ciphertext, e.type, e.data, e.created_at
       from claimed c join webhook_endpoints w on w.id = c.endpoint_id join app_events e on e.id = c.change_id`,
    [leaseSeconds, BATCH],
  );
}

async function untilNextDue(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ wait_ms: number | null }[]>(
    `select extract(epoch from (min(d.next_attempt_at) - now())) * 1000 as wait_ms
       from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id
      where d.status = 'pending' and w.disabled_at is null`,
  );
  const wait = row?.wait_ms === null || row?.wait_ms === undefined ? POLL_MS : Number(row.wait_ms);
  return Math.min(POLL_MS, Math.max(0, Math.ceil(wait)));
}

/** The Standard Webhooks payload: the same bytes on every attempt of the event. */
function payload(row: Claimed): string {
  return JSON.stringify({ type: row.type, timestamp: new Date(row.created_at).toISOString(), data: row.data });
}

async function deliver(current: MikroORM, row: Claimed): Promise<void> {
  let outcome: AttemptOutcome;
  try {
    outcome = await attemptDelivery(
      { url: row.url, secret: decryptSecret(row.secret_ciphertext), id: row.change_id, body: payload(row) },
      getConfig().WEBHOOK_TIMEOUT_SECONDS * 1000,
    );
  } catch (error) {
    // A secret sealed under another key: logged as a failed attempt, retried on the schedule.
    outcome = { timestamp: Math.floor(Date.now() / 1000), status: null, latencyMs: 0, excerpt: "", error: `could not sign: ${(error as Error).message}` };
  }
  try {
    await record(current.em.fork(), row, outcome);
  } catch (error) {
    // The lease runs out and the row is attempted again: at least once, never lost.
    log.warn("could not record a webhook attempt", { message: (error as Error).message });
  }
}

/**
 * The attempt, the delivery's next state and the endpoint's health, in one transaction. A 2xx
 * delivers; anything else waits for the schedule's next step, or fails the delivery when the
 * schedule is spent. A 410, or failures for 5 days without a success, disable the endpoint.
 */
async function record(em: EntityManager, row: Claimed, outcome: AttemptOutcome): Promise<void> {
  const schedule = getConfig().WEBHOOK_RETRY_SCHEDULE;
  const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const nextStep = row.schedule_step + 1;
  const spent = !delivered && nextStep >= schedule.length;
  await em.transactional(async (tx) => {
    await tx.execute(
      `insert into webhook_attempts (delivery_id, webhook_timestamp, response_status, latency_ms, response_excerpt, error) values (?, ?, ?, ?, ?, ?)`,
      [row.id, outcome.timestamp, outcome.status, outcome.latencyMs, outcome.excerpt, outcome.error],
    );
    await tx.execute(
      `update webhook_deliveries set status = ?, schedule_step = ?, next_attempt_at = now() + make_interval(secs => ?), finished_at = ?
        where id = ?`,
      [
        delivered ? "delivered" : spent ? "failed" : "pending",
        delivered || spent ? row.schedule_step : nextStep,
        delivered || spent ? 0 : schedule[nextStep]!,
        delivered || spent ? new Date() : null,
        row.id,
      ],
    );
    if (delivered) {
      await tx.execute(`update webhook_endpoints set failing_since = null where id = ? and failing_since is not null`, [row.endpoint_id]);
      return;
    }
    const gone = outcome.status === 410;
    const disabled = await tx.execute<{ disabled_reason: string }[]>(
      `update webhook_endpoints set failing_since = coalesce(failing_since, now()),
          disabled_at = now(),
          disabled_reason = case when ? then 'Disabled: the endpoint answered 410 Gone' else 'Disabled: every delivery failed for ${DISABLE_AFTER_FAILING}' end
        where id = ? and disabled_at is null and (? or failing_since <= now() - interval '${DISABLE_AFTER_FAILING}')
        returning disabled_reason`,
      [gone, row.endpoint_id, gone],
    );
    if (disabled.length > 0) {
      log.warn("webhook endpoint disabled", { endpointId: row.endpoint_id, reason: disabled[0]!.disabled_reason });
    } else {
      await tx.execute(`update webhook_endpoints set failing_since = now() where id = ? and failing_since is null`, [row.endpoint_id]);
    }
  });
}
