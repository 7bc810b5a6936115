import type { Options } from "@mikro-orm/postgresql";
import { MikroORM, Migrator, PostgreSqlDriver } from "../platform/db/mikro-orm";
import { getConfig } from "../platform/config";
import { entities } from "./entities";
import { migrationsList } from "./migrations";

let ormPromise: Promise<MikroORM> | undefined;

export function ormOptions(overrides: Partial<Options> = {}): Options {
  const config = getConfig();
  if (!config.DATABASE_URL) throw new Error("DATABASE_URL is not set (npm start sets it for the embedded database)");
  return {
    driver: PostgreSqlDriver,
    clientUrl: config.DATABASE_URL,
    entities,
    extensions: [Migrator],
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    pool: { min: 0, max: config.DATABASE_POOL_MAX },
    allowGlobalContext: false,
    debug: false,
    ...overrides,
  };
}

/** One ORM per process, created on first use (the MikroORM guide's cached initORM). */
export function initORM(overrides: Partial<Options> = {}): Promise<MikroORM> {
  ormPromise ??= MikroORM.init(ormOptions(overrides)).catch((error) => {
    ormPromise = undefined;
    throw error;
  });
  return ormPromise;
}

export async function migrate(): Promise<void> {
  const orm = await initORM();
  await orm.getMigrator().up();
}

export async function closeORM(): Promise<void> {
  const pending = ormPromise;
  ormPromise = undefined;
  if (pending) await (await pending).close(true);
}
