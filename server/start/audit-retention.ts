import type { MikroORM } from "@mikro-orm/postgresql";
import { sweepAuditLog } from "../changes";
import { getConfig } from "../platform/config";
import { claimGapFor, claimJobRound } from "../platform/db/job-claims";
import { log } from "../platform/log";

const JOB = "audit-retention";
const INTERVAL_MS = 6 * 3600_000;
let timer: NodeJS.Timeout | undefined;

/** One round, run by one instance at a time (job claims): rows past AUDIT_RETENTION_DAYS go. */
async function sweepRound(orm: MikroORM): Promise<void> {
  const em = orm.em.fork();
  if (!(await claimJobRound(em, JOB, claimGapFor(INTERVAL_MS)))) return;
  const { deleted } = await sweepAuditLog(em, getConfig().AUDIT_RETENTION_DAYS);
  if (deleted > 0) log.info("audit log rows past retention deleted", { deleted, days: getConfig().AUDIT_RETENTION_DAYS });
}

/** Sweeps at start and every 6 hours; a failed round is logged and the next one tries again. */
export function startAuditRetention(orm: MikroORM): void {
  if (timer) return;
  const round = () => sweepRound(orm).catch((error: unknown) => log.warn("audit log sweep failed", { error: (error as Error).message }));
  void round();
  timer = setInterval(round, INTERVAL_MS);
  timer.unref();
}

export function stopAuditRetention(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
