import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * Whether this instance runs this round of a periodic job. One statement claims the job's row
 * when its last round began at least `minGapMs` ago: of several instances whose timers fire
 * within that gap, exactly one gets the row back (the others wait on its row lock, then see
 * the new time and claim nothing). Callers pass a gap a little under their interval, so
 * timer jitter never skips a round and the work is done once per interval whichever
 * instances are alive. No lock is held while the round runs.
 */
export async function claimJobRound(em: EntityManager, job: string, minGapMs: number): Promise<boolean> {
  const rows = await em.getConnection().execute<{ job: string }[]>(
    `insert into background_job_runs as runs (job, last_run_at) values (?, now())
       on conflict (job) do update set last_run_at = now()
       where runs.last_run_at <= now() - make_interval(secs => ?)
     returning job`,
    [job, minGapMs / 1000],
  );
  return rows.length > 0;
}

/** The gap to claim with for a job that runs every `intervalMs`: timers drift, rounds are not skipped. */
export function claimGapFor(intervalMs: number): number {
  return intervalMs * 0.8;
}
