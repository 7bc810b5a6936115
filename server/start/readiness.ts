import { databaseAnswers } from "../platform/db/availability";
import { migrationDrift } from "./migrate-safely";
import { getRuntime, startedRuntime } from "./runtime";

/**
 * Whether this instance should be sent traffic (`GET /readyz`): its database answers, its
 * schema has every migration this code knows, and it is not draining (a SIGTERM came).
 */
export type NotReadyReason = "starting" | "draining" | "database_unreachable" | "migrations_not_current";

let draining = false;

/** From SIGTERM on: load balancers are told to send nothing more here. */
export function startDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}

export async function notReadyReasons(): Promise<NotReadyReason[]> {
  if (!startedRuntime()) return ["starting"];
  const reasons: NotReadyReason[] = draining ? ["draining"] : [];
  const { orm } = await getRuntime();
  const em = orm.em.fork();
  if (!(await databaseAnswers(em))) return [...reasons, "database_unreachable"];
  // A newer instance migrated further while this one runs (its code is behind the schema),
  // or this code's migrations have not run.
  const drift = await migrationDrift(orm).catch(() => null);
  if (!drift) return [...reasons, "database_unreachable"];
  if (drift.pending.length > 0 || drift.unknown.length > 0) reasons.push("migrations_not_current");
  return reasons;
}
