import type pg from "pg";
import { inject } from "vitest";
import type { ServiceUnderTest } from "./service";
import { testPool } from "./pg";

/** The run's shared service, as a suite sees it: no process handle and no log of its own. */
export type SharedService = ServiceUnderTest;

let pool: pg.Pool | undefined;

/**
 * One service for the whole run, started by the global setup, because each start costs about
 * 0.8 s of CPU and a database copy and many suites need nothing but the defaults. It differs
 * from them twice: its administrator is nobody's test account, and it runs no deployment
 * health checks (they would hit the suites' own fakes). A suite that uses it makes its own
 * people, workspaces, apps and keys (unique emails and slugs) and asserts only rows of its
 * own. One that needs its own settings, log, process (stop, restart, kill) or a database to
 * itself (counts over a whole table, the first account becoming administrator) starts its own
 * with startService. `stop()` does nothing: the global teardown stops it after the last suite.
 */
export function sharedService(): SharedService {
  const shared = inject("sharedService");
  pool ??= testPool(shared.databaseUrl, { max: 4 });
  return { ...shared, db: pool, stop: async () => {} };
}
