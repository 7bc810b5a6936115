import http from "node:http";
import https from "node:https";
import type { MikroORM } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { log } from "../platform/log";
import { validateManifest } from "./manifest";
import { guardedLookup } from "./upstream-policy";

/**
 * Every HEALTH_CHECK_INTERVAL_SECONDS (30) while the service runs, each deployment's
 * health path (the manifest's `healthcheck`, default `/`) is fetched through the same
 * address policy as the proxy; 2xx and 3xx are healthy. The dashboard shows the result.
 */
const TIMEOUT_MS = 5_000;
let timer: NodeJS.Timeout | undefined;
let running = false;

function probe(url: URL): Promise<{ healthy: boolean; detail: string }> {
  return new Promise((resolve) => {
    const request = (url.protocol === "https:" ? https : http).get(url, { lookup: guardedLookup as never, timeout: TIMEOUT_MS, agent: false }, (res) => {
      res.resume();
      const status = res.statusCode ?? 0;
      resolve({ healthy: status >= 200 && status < 400, detail: `HTTP ${status}` });
    });
    request.on("timeout", () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ healthy: false, detail: error.code === "ECONNREFUSED" ? "connection refused" : error.message }));
  });
}

export async function checkAll(orm: MikroORM): Promise<void> {
  if (running) return;
  running = true;
  try {
    const em = orm.em.fork();
    const rows = await em.getConnection().execute<{ id: string; upstream_url: string; manifest: string | null }[]>(`select id, upstream_url, manifest from deployments`);
    await Promise.all(
      rows.map(async (row) => {
        const manifest = row.manifest ? validateManifest(row.manifest) : null;
        const path = (manifest?.ok && manifest.manifest.healthcheck) || "/";
        const base = new URL(row.upstream_url);
        const url = new URL(`${base.pathname.replace(/\/+$/, "")}${path}`, base);
        const result = await probe(url);
        await em
          .getConnection()
          .execute(`update deployments set health_status = ?, health_checked_at = now(), health_detail = ? where id = ?`, [
            result.healthy ? "healthy" : "unhealthy",
            result.detail.slice(0, 200),
            row.id,
          ]);
      }),
    );
  } catch (error) {
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
