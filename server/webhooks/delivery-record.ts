import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { log } from "../platform/log";
import type { AttemptOutcome } from "./delivery-attempt";
import type { Claimed } from "./delivery-claim";

const DISABLE_AFTER_FAILING = "5 days";

const isDelivered = (outcome: AttemptOutcome) => outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

/**
 * The attempts, each delivery's next state and the endpoints' health, in one transaction. A
 * 2xx delivers; anything else waits for the schedule's next step, or fails the delivery when
 * the schedule is spent. A 410, or failures for 5 days without a success, disable the
 * endpoint. The transaction commits without waiting for the disk (synchronous_commit off): a
 * record lost to a database crash only means the row's lease runs out and it is sent again,
 * which at-least-once allows, and it spares a flush per batch.
 */
export async function recordAttempts(em: EntityManager, rows: Claimed[], outcomes: AttemptOutcome[]): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.execute(`set local synchronous_commit = off`);
    const present = await lockPresentDeliveries(tx, rows);
    const kept = rows.flatMap((row, i) => (present.has(row.id) ? [{ row, outcome: outcomes[i]! }] : []));
    if (kept.length > 0) await writeResults(tx, kept);
  });
}

/**
 * Locks the batch's endpoints in id order before any delivery row, the order a deletion takes
 * them in (the endpoint, then its deliveries by cascade), so a recording and a deletion never
 * wait on each other. Returns the deliveries still there: an endpoint deleted while its attempt
 * ran took its delivery with it, and that attempt has nothing left to record. It must not cost
 * the rest of the batch its record (their leases would run out and they would be sent again).
 */
async function lockPresentDeliveries(tx: EntityManager, rows: Claimed[]): Promise<Set<string>> {
  const endpointIds = JSON.stringify([...new Set(rows.map((row) => row.endpoint_id))]);
  const present = await tx.execute<{ id: string }[]>(
    `with locked as materialized (
       select id from webhook_endpoints where id in (select jsonb_array_elements_text(?::jsonb)::uuid) order by id for no key update)
     select d.id::text as id from webhook_deliveries d join locked on locked.id = d.endpoint_id
      where d.id in (select jsonb_array_elements_text(?::jsonb)::bigint)`,
    [endpointIds, JSON.stringify(rows.map((row) => row.id))],
  );
  return new Set(present.map((row) => row.id));
}

async function writeResults(tx: EntityManager, attempts: Array<{ row: Claimed; outcome: AttemptOutcome }>): Promise<void> {
  const schedule = getConfig().WEBHOOK_RETRY_SCHEDULE;
  const results = attempts.map(({ row, outcome }) => {
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
