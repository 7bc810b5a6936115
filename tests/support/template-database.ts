import { MikroORM } from "@mikro-orm/postgresql";
import { resetConfig } from "../../server/platform/config";
import { ormOptions } from "../../server/start/orm";
import { createDatabase } from "./database";

/**
 * Runs the service's own migrations once into a database that every suite then copies
 * (`CREATE DATABASE … TEMPLATE`), instead of each started service migrating an empty one.
 * Only the schema goes in: the catalog rows depend on each service's INTEGRATIONS_FILE and
 * the service seeds them at every start anyway, so a copy starts exactly as an empty
 * database that was migrated by the service would.
 */
export async function createTemplateDatabase(adminUrl: string, name: string): Promise<{ drop(): Promise<void> }> {
  const database = await createDatabase(adminUrl, name);
  const orm = await MikroORM.init(migratorOptions(database.url));
  try {
    await orm.getMigrator().up();
  } finally {
    // A template with an open connection cannot be copied.
    await orm.close(true);
  }
  return database;
}

/**
 * The service's ORM options (entities, migration list and settings) for `url`. ormOptions
 * reads DATABASE_URL from the environment; it is set only for that synchronous call, so
 * the test workers this process starts later never inherit it.
 */
function migratorOptions(url: string) {
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  resetConfig();
  try {
    const options = ormOptions({ pool: { min: 0, max: 1 } });
    return { ...options, migrations: { ...options.migrations, silent: true } };
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    resetConfig();
  }
}
