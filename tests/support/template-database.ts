import { MikroORM } from "@mikro-orm/postgresql";
import { ormOptions } from "../../server/start/orm";
import { createDatabase } from "./database";
import { withProcessSetting } from "./process-setting";

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
  const options = withProcessSetting("DATABASE_URL", url, () => ormOptions({ pool: { min: 0, max: 1 } }));
  return { ...options, migrations: { ...options.migrations, silent: true } };
}
