import type { MikroORM } from "@mikro-orm/postgresql";
import { WEBHOOKS_DUE_CHANNEL } from "../changes";
import { getConfig } from "../platform/config";
import { decryptSecret } from "../platform/crypto/secret-box";
import { subscribe } from "../platform/db/notifications";
import { log } from "../platform/log";
import { attemptDelivery, type AttemptOutcome } from "./delivery-attempt";
import { claim, payload, POLL_MS, untilNextDue, type Claimed } from "./delivery-claim";
import { recordAttempts } from "./delivery-record";

/**
 * The delivery worker (ADR 041), one per instance. Up to MAX_IN_FLIGHT attempts run at once,
 * each on its own: a slow receiver holds only its own attempts, and as each attempt ends its
 * slot is claimed again. Finished attempts are recorded together (one transaction per few
 * milliseconds of completions, not one per attempt). The worker is woken by the NOTIFY a
 * change sends on commit, and otherwise by a timer set to the next due row (at most POLL_MS
 * away, which also covers a missed notification).
 */
const MAX_IN_FLIGHT = 64;
const CLAIM_AT_MOST = 32;
const RECORD_EVERY_MS = 5;

let orm: MikroORM | undefined;
let database: MikroORM | undefined;
let timer: NodeJS.Timeout | undefined;
let claiming = false;
/** Set by a wake or a full claim: more rows may be due than were claimed. */
let moreDue = false;
const inFlight = new Set<Promise<void>>();
const finished: Array<{ row: Claimed; outcome: AttemptOutcome }> = [];
let recordTimer: NodeJS.Timeout | undefined;
let recording: Promise<void> = Promise.resolve();

export function startWebhookDelivery(started: MikroORM): void {
  if (orm) return;
  orm = database = started;
  subscribe(WEBHOOKS_DUE_CHANNEL, { onMessage: wake, onReset: wake });
  wake();
}

/** Stops claiming, lets the attempts in flight end and records them (drain). */
export async function stopWebhookDelivery(): Promise<void> {
  orm = undefined;
  if (timer) clearTimeout(timer);
  timer = undefined;
  await Promise.all([...inFlight]);
  await recordFinished();
}

function wake(): void {
  moreDue = true;
  void pump();
}

/** Claims due rows while there are free slots and rows to claim, then sets the timer. */
async function pump(): Promise<void> {
  if (claiming || !orm) return;
  claiming = true;
  try {
    while (orm && moreDue && inFlight.size < MAX_IN_FLIGHT) {
      moreDue = false;
      const want = Math.min(CLAIM_AT_MOST, MAX_IN_FLIGHT - inFlight.size);
      const claimed = await claim(orm.em.fork(), want);
      for (const row of claimed) send(row);
      if (claimed.length === want) moreDue = true;
    }
  } catch (error) {
    log.warn("webhook delivery: claiming failed", { message: (error as Error).message });
  } finally {
    claiming = false;
  }
  await setTimer();
}

/** The next wake: when the next row comes due (a retry, a lease that ran out). */
async function setTimer(): Promise<void> {
  if (!orm) return;
  let waitMs = POLL_MS;
  try {
    waitMs = await untilNextDue(orm.em.fork());
  } catch (error) {
    log.warn("webhook delivery: could not read the next due time", { message: (error as Error).message });
  }
  if (!orm) return;
  if (timer) clearTimeout(timer);
  timer = setTimeout(wake, waitMs);
  timer.unref();
}

function send(row: Claimed): void {
  const attempt = attemptOne(row).then((outcome) => {
    finished.push({ row, outcome });
    if (finished.length >= CLAIM_AT_MOST) void recordFinished();
    else recordTimer ??= setTimeout(() => void recordFinished(), RECORD_EVERY_MS);
  });
  const done = attempt.finally(() => {
    inFlight.delete(done);
    if (moreDue) void pump();
  });
  inFlight.add(done);
}

function liveSecrets(row: Claimed): string[] {
  const current = decryptSecret(row.secret_ciphertext);
  return row.previous_secret_ciphertext ? [current, decryptSecret(row.previous_secret_ciphertext)] : [current];
}

async function attemptOne(row: Claimed): Promise<AttemptOutcome> {
  try {
    return await attemptDelivery(
      { url: row.url, secrets: liveSecrets(row), id: row.change_id, body: payload(row) },
      getConfig().WEBHOOK_TIMEOUT_SECONDS * 1000,
    );
  } catch (error) {
    // A secret sealed under another key: logged as a failed attempt, retried on the schedule.
    const message = `could not open the signing secret (is INTEGRATION_ENCRYPTION_KEY the same on every instance?): ${(error as Error).message}`;
    return { timestamp: Math.floor(Date.now() / 1000), status: null, latencyMs: 0, excerpt: "", error: message.slice(0, 500) };
  }
}

/**
 * Records what has finished, one recording at a time (so this instance's transactions never
 * wait on each other's endpoint rows), then re-reads the next due time: a failed attempt's
 * retry may come before the timer.
 */
function recordFinished(): Promise<void> {
  if (recordTimer) clearTimeout(recordTimer);
  recordTimer = undefined;
  recording = recording.then(async () => {
    const batch = finished.splice(0);
    if (batch.length === 0 || !database) return;
    try {
      await recordAttempts(
        database.em.fork(),
        batch.map((item) => item.row),
        batch.map((item) => item.outcome),
      );
    } catch (error) {
      // The leases run out and the rows are attempted again: at least once, never lost.
      log.warn("could not record webhook attempts", { message: (error as Error).message });
    }
    await setTimer();
  });
  return recording;
}
