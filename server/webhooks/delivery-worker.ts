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
      if (claimed.length > 0) await deliverBatch(current, claimed);
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

async function attempt(row: Claimed): Promise<AttemptOutcome> {
  try {
    return await attemptDelivery(
      { url: row.url, secret: decryptSecret(row.secret_ciphertext), id: row.change_id, body: payload(row) },
      getConfig().WEBHOOK_TIMEOUT_SECONDS * 1000,
    );
  } catch (error) {
    // A secret sealed under another key: logged as a failed attempt, retried on the schedule.
    return { timestamp: Math.floor(Date.now() / 1000), status: null, latencyMs: 0, excerpt: "", error: `could not open the signing secret (is INTEGRATION_ENCRYPTION_KEY the same on every instance?): ${(error as Error).message}`.slice(0, 500) };
  }
}

/** The batch's attempts, then their outcomes recorded together (one transaction, not one per delivery). */
async function deliverBatch(current: MikroORM, rows: Claimed[]): Promise<void> {
  const outcomes = await Promise.all(rows.map(attempt));
  try {
    await record(current.em.fork(), rows, outcomes);
  } catch (error) {
    // The leases run out and the rows are attempted again: at least once, never lost.
    log.warn("could not record webhook attempts", { message: (error as Error).message });
  }
}

const isDelivered = (outcome: AttemptOutcome) => outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

/**
 * The attempts, each delivery's next state and the endpoints' health, in one transaction. A
 * 2xx delivers; anything else waits for the schedule's next step, or fails the delivery when
 * the schedule is spent. A 410, or failures for 5 days without a success, disable the
 * endpoint. The transaction commits without waiting for the disk (synchronous_commit off): a
 * record lost to a database crash only means the row's lease runs out and it is sent again,
 * which at-least-once allows, and it spares a flush per batch.
 */
async function record(em: EntityManager, rows: Claimed[], outcomes: AttemptOutcome[]): Promise<void> {
  const schedule = getConfig().WEBHOOK_RETRY_SCHEDULE;
  const results = rows.map((row, i) => {
    const outcome = outcomes[i]!;
    const delivered = isDelivered(outcome);
    const nextStep = row.schedule_step + 1;
    const spent = !delivered && nextStep >= schedule.length;
    return {
      id: row.id,
      endpoint_id: row.endpoint_id,
      webhook_timestamp: outcome.timestamp,
      response_status: outcome.status,
      latency_ms: outcome.latencyMs,
      response_excerpt: outcome.excerpt,
      error: outcome.error,
      status: delivered ? "delivered" : spent ? "failed" : "pending",
      step: delivered || spent ? row.schedule_step : nextStep,
      wait: delivered || spent ? 0 : schedule[nextStep]!,
      finished: delivered || spent,
    };
  });
  const batch = JSON.stringify(results);
  await em.transactional(async (tx) => {
    await tx.execute(`set local synchronous_commit = off`);
    await tx.execute(
      `insert into webhook_attempts (delivery_id, webhook_timestamp, response_status, latency_ms, response_excerpt, error)
       select id, webhook_timestamp, response_status, latency_ms, response_excerpt, error
         from jsonb_to_recordset(?::jsonb) as x(id bigint, webhook_timestamp bigint, response_status int, latency_ms int, response_excerpt text, error text)`,
      [batch],
    );
    await tx.execute(
      `update webhook_deliveries d set status = x.status, schedule_step = x.step, next_attempt_at = now() + make_interval(secs => x.wait),
          finished_at = case when x.finished then now() else null end
         from jsonb_to_recordset(?::jsonb) as x(id bigint, status text, step int, wait float8, finished boolean)
        where d.id = x.id`,
      [batch],
    );
    // Endpoint health: a success clears the failing streak; failures start it, a 410 or 5 days of them disable.
    const succeeded = [...new Set(results.filter((r) => r.status === "delivered").map((r) => r.endpoint_id))];
    if (succeeded.length > 0) {
      await tx.execute(`update webhook_endpoints set failing_since = null where id in (select jsonb_array_elements_text(?::jsonb)::uuid) and failing_since is not null`, [
        JSON.stringify(succeeded),
      ]);
    }
    const failing = new Map<string, boolean>();
    for (const r of results) if (r.status !== "delivered") failing.set(r.endpoint_id, (failing.get(r.endpoint_id) ?? false) || r.response_status === 410);
    for (const [endpointId, gone] of failing) await judgeFailingEndpoint(tx, endpointId, gone, succeeded.includes(endpointId));
  });
}

async function judgeFailingEndpoint(tx: EntityManager, endpointId: string, gone: boolean, alsoSucceeded: boolean): Promise<void> {
  const disabled = await tx.execute<{ disabled_reason: string }[]>(
    `update webhook_endpoints set failing_since = coalesce(failing_since, now()),
        disabled_at = now(),
        disabled_reason = case when ? then 'Disabled: the endpoint answered 410 Gone' else 'Disabled: every delivery failed for ${DISABLE_AFTER_FAILING}' end
      where id = ? and disabled_at is null and (? or failing_since <= now() - interval '${DISABLE_AFTER_FAILING}')
      returning disabled_reason`,
    [gone, endpointId, gone],
  );
  if (disabled.length > 0) log.warn("webhook endpoint disabled", { endpointId, reason: disabled[0]!.disabled_reason });
  else if (!alsoSucceeded) await tx.execute(`update webhook_endpoints set failing_since = now() where id = ? and failing_since is null`, [endpointId]);
}
