import type { MikroORM } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { claimGapFor, claimJobRound } from "../platform/db/job-claims";
import { log } from "../platform/log";
import { sweepExpiredOAuthRows } from "../connections";
import { sweepOAuthServerRecords } from "../oauth-server";

/**
 * The OAuth records that only time makes useless: expired states, results and connect
 * sessions of the connection flows, and the authorization server's expired records and
 * registrations nobody used for 30 days. Swept at start and then every
 * OAUTH_SWEEP_INTERVAL_SECONDS, each round by one instance of those sharing the database (a
 * long-running instance used to sweep only when it started).
 */
const JOBS = [
  { name: "oauth-expired-rows", sweep: sweepExpiredOAuthRows },
  { name: "oauth-server-sweep", sweep: sweepOAuthServerRecords },
] as const;
/** setInterval's ceiling: anything longer would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

let timer: NodeJS.Timeout | undefined;
let round: Promise<void> | undefined;

async function sweepRound(orm: MikroORM, gapMs: number): Promise<void> {
  const em = orm.em.fork();
  for (const job of JOBS) if (await claimJobRound(em, job.name, gapMs)) await job.sweep(em);
}

function intervalMs(): number {
  return Math.min(getConfig().OAUTH_SWEEP_INTERVAL_SECONDS * 1000, MAX_TIMER_MS);
}

/** The first round is awaited (the start-up behaviour it had); later ones run on a timer. */
export async function startOAuthSweeps(orm: MikroORM): Promise<void> {
  const every = intervalMs();
  // At start the round is claimed for 10 minutes at least, so instances started together sweep once.
  await sweepRound(orm, Math.max(every, 10 * 60_000));
  if (every <= 0 || timer) return;
  timer = setInterval(() => {
    if (round) return;
    round = sweepRound(orm, claimGapFor(every))
      .catch((error: unknown) => log.warn("oauth sweep failed", { error }))
      .finally(() => (round = undefined));
  }, every);
  timer.unref();
}

export async function stopOAuthSweeps(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  await round;
}
