import type { MikroORM } from "@mikro-orm/postgresql";
import { getConfig } from "../config";
import { closeORM, initORM } from "../db/orm";
import { startRevocationListener, stopRevocationListener } from "../identity/session-revocations";
import { bootEnvironment, stopEmbeddedDatabase } from "./boot";

export interface Runtime {
  orm: MikroORM;
}

let runtime: Promise<Runtime> | undefined;

/**
 * Everything a request needs, started once per process: under `npm start` before the
 * port opens, under `remix-serve` on the first request.
 */
export function getRuntime(): Promise<Runtime> {
  runtime ??= (async () => {
    if (!getConfig().DATABASE_URL || !getConfig().IDENTITY_SIGNING_KEY) await bootEnvironment();
    const orm = await initORM();
    await orm.getMigrator().up();
    await startRevocationListener();
    return { orm };
  })().catch((error) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}

export async function shutdownRuntime(): Promise<void> {
  runtime = undefined;
  await stopRevocationListener();
  await closeORM();
  await stopEmbeddedDatabase();
}
