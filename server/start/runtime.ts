import type { MikroORM } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { closeORM, initORM } from "./orm";
import { poolCounts } from "../platform/db/pool-counts";
import { watchDatabasePool } from "../platform/metrics";
import { startListening, stopListening } from "../platform/db/notifications";
import { bootEnvironment, stopEmbeddedDatabase } from "./boot";
import { wireCacheEviction } from "./cache-eviction";
import { migrateSafely } from "./migrate-safely";
import { startOAuthSweeps, stopOAuthSweeps } from "./oauth-sweeps";
import { startHealthChecks, stopHealthChecks } from "../deployments";
import { startOrphanSweeps, stopOrphanSweeps } from "../storage";
import { readCatalogFile, seedCatalog, startConnectionHealth, stopConnectionHealth } from "../connections";
import { startWebhookDelivery, stopWebhookDelivery } from "../webhooks";
import { startAuditRetention, stopAuditRetention } from "./audit-retention";

export interface Runtime {
  orm: MikroORM;
}

let runtime: Promise<Runtime> | undefined;
let started: Runtime | undefined;
let signalsOwnedByHost = false;

/**
 * The Node entry (`npm start`) drains its HTTP server before shutting the runtime down, so
 * it handles SIGINT/SIGTERM itself. Under any other host (the stock `remix-serve`), the
 * runtime answers them: its database connections would otherwise keep the process alive
 * after the host has closed its server.
 */
export function hostHandlesSignals(): void {
  signalsOwnedByHost = true;
}

function shutDownOnSignals(): void {
  const stop = () => {
    shutdownRuntime()
      .catch(() => undefined)
      .finally(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** The runtime when it is already up, for answers that need no I/O; else undefined. */
export function startedRuntime(): Runtime | undefined {
  return started;
}

/**
 * Everything a request needs, started once per process: under `npm start` before the
 * port opens, under `remix-serve` on the first request.
 */
export function getRuntime(): Promise<Runtime> {
  runtime ??= (async () => {
    if (!getConfig().DATABASE_URL || !getConfig().IDENTITY_SIGNING_KEY) await bootEnvironment();
    const orm = await initORM();
    watchDatabasePool(() => poolCounts(orm));
    await migrateSafely(orm);
    await seedCatalog(orm.em.fork(), await readCatalogFile());
    await startOAuthSweeps(orm);
    wireCacheEviction();
    await startListening();
    startHealthChecks(orm);
    startOrphanSweeps(orm);
    startConnectionHealth(orm);
    startWebhookDelivery(orm);
    startAuditRetention(orm);
    if (!signalsOwnedByHost) shutDownOnSignals();
    started = { orm };
    return started;
  })().catch((error) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}

export async function shutdownRuntime(): Promise<void> {
  runtime = undefined;
  started = undefined;
  stopHealthChecks();
  stopConnectionHealth();
  await stopOAuthSweeps();
  await stopWebhookDelivery();
  await stopOrphanSweeps();
  stopAuditRetention();
  await stopListening();
  await closeORM();
  await stopEmbeddedDatabase();
}
