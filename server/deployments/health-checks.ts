import type { MikroORM } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { log } from "../platform/log";
import { recordJobRun } from "../platform/metrics";
import { claimGapFor, claimJobRound } from "../platform/db/job-claims";
import { validateManifest } from "./manifest";
import { guardedDispatcher } from "./outbound-client";

/**
 * Every HEALTH_CHECK_INTERVAL_SECONDS (30) while the service runs, each deployment's
 * health path (the manifest's `healthcheck`, default `/`) is fetched from its registered
 * upstream through the guarded outbound client (docs/decisions/031); 2xx and 3xx are
 * healthy. The dashboard shows the result. The path is only ever a path on that upstream:
 * the request goes to the upstream's origin whatever the path says, and a stored manifest
 * whose healthcheck is not a plain path (written before manifests were checked for it) is
 * not probed at all. With several instances on one database, each interval's round is made
 * by one of them (claimJobRound).
 */
const TIMEOUT_MS = 5_000;
let timer: NodeJS.Timeout | undefined;
let running = false;

type Verdict = { healthy: boolean; detail: string };

async function probe(upstream: URL, path: string): Promise<Verdict> {
  try {
    const { statusCode, body } = await guardedDispatcher().request({
      origin: upstream.origin,
      path: `${upstream.pathname.replace(/\/+$/, "")}${path}`,
      method: "GET",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await body.dump();
    return { healthy: statusCode >= 200 && statusCode < 400, detail: `HTTP ${statusCode}` };
  } catch (error) {
    const { code, name, message } = error as Error & { code?: string };
    if (code === "ECONNREFUSED") return { healthy: false, detail: "connection refused" };
    if (name === "TimeoutError" || code === "UND_ERR_CONNECT_TIMEOUT") return { healthy: false, detail: `no answer within ${TIMEOUT_MS / 1000} s` };
    return { healthy: false, detail: message };
  }
}

function judge(row: { upstream_url: string; manifest: string | null }): Promise<Verdict> {
  const manifest = row.manifest ? validateManifest(row.manifest) : null;
  if (manifest && !manifest.ok && manifest.problems.some((problem) => problem.path === "/healthcheck")) {
    return Promise.resolve({ healthy: false, detail: "the manifest's healthcheck is not a path on the tool" });
  }
  return probe(new URL(row.upstream_url), (manifest?.ok && manifest.manifest.healthcheck) || "/");
}

const JOB = "deployment-health-checks";

/** One round, unless another instance of the cluster already made this interval's. */
export async function checkAll(orm: MikroORM): Promise<void> {
  if (running) return;
  running = true;
  try {
    const em = orm.em.fork();
    if (!(await claimJobRound(em, JOB, claimGapFor(getConfig().HEALTH_CHECK_INTERVAL_SECONDS * 1000)))) return;
    const rows = await em.getConnection().execute<{ id: string; upstream_url: string; manifest: string | null }[]>(`select id, upstream_url, manifest from deployments`);
    await Promise.all(
      rows.map(async (row) => {
        const result = await judge(row);
        await em
          .getConnection()
          .execute(`update deployments set health_status = ?, health_checked_at = now(), health_detail = ? where id = ?`, [
            result.healthy ? "healthy" : "unhealthy",
            result.detail.slice(0, 200),
            row.id,
          ]);
      }),
    );
    recordJobRun(JOB, "ok");
  } catch (error) {
    recordJobRun(JOB, "failed");
    log.warn("deployment health checks failed", { message: (error as Error).message });
  } finally {
    running = false;
  }
}

export function startHealthChecks(orm: MikroORM): void {
  const seconds = getConfig().HEALTH_CHECK_INTERVAL_SECONDS;
  if (timer || !(seconds > 0)) return;
  timer = setInterval(() => void checkAll(orm), seconds * 1000);
  timer.unref();
  void checkAll(orm);
}

export function stopHealthChecks(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
