import { MikroORM } from "@mikro-orm/postgresql";
import pg from "pg";
import { resetConfig } from "../../server/platform/config";
import { ormOptions } from "../../server/start/orm";

/**
 * Runs the service's own migrations once into a database that every suite then copies
 * (`CREATE DATABASE … TEMPLATE`), instead of each started service migrating an empty one.
 * Only the schema goes in: the catalog rows depend on each service's INTEGRATIONS_FILE and
 * the service seeds them at every start anyway, so a copy starts exactly as an empty
 * database that was migrated by the service would.
 */
export async function createTemplateDatabase(adminUrl: string, name: string): Promise<{ drop(): Promise<void> }> {
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const orm = await MikroORM.init(migratorOptions(url.toString()));
  try {
    await orm.getMigrator().up();
  } finally {
    // A template with an open connection cannot be copied.
    await orm.close(true);
  }
  return { drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`) };
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

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A copy of the template named `name` (what createTestDatabase makes inside a test file), for the global setup. */
export async function copyTemplateDatabase(adminUrl: string, template: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  await adminQuery(adminUrl, `create database "${name}" template "${template}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`) };
}
