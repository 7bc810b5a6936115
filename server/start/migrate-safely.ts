import type { MikroORM } from "@mikro-orm/postgresql";
import { pgClient } from "../platform/db/pg-client";
import { getConfig } from "../platform/config";
import { migrationsList } from "./migrations";

/** Any fixed number: the advisory lock all instances of this service take to migrate. */
const MIGRATION_LOCK = 7_400_231_108;

export class SchemaNewerThanCode extends Error {}

/**
 * Brings the schema up to this code's migrations. Instances that start at once queue on a
 * PostgreSQL advisory lock, so one migrates and the others then find nothing to do; the lock
 * is held by a connection of its own and ends with it, even if this process dies.
 * A database migrated by a newer version (a migration this code does not know) is refused:
 * older code would run on tables it does not understand.
 */
export async function migrateSafely(orm: MikroORM): Promise<void> {
  // Lost while it waits or migrates: the query in flight rejects and the start fails with it.
  const lock = pgClient(getConfig().DATABASE_URL, () => undefined);
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const { unknown } = await migrationDrift(orm);
    if (unknown.length > 0) {
      throw new SchemaNewerThanCode(
        `the database was migrated by a newer version of the service (${unknown.join(", ")} is unknown to this one); start that version or a newer one`,
      );
    }
    await orm.getMigrator().up();
  } finally {
    await lock.end().catch(() => undefined);
  }
}

/** How the database's migrations differ from this code's: not yet run here, or unknown to it. */
export async function migrationDrift(orm: MikroORM): Promise<{ pending: string[]; unknown: string[] }> {
  const migrator = orm.getMigrator();
  const known = new Set(migrationsList.map((migration) => migration.name));
  const executed = (await migrator.getExecutedMigrations()).map((row) => row.name);
  const ran = new Set(executed);
  return { pending: [...known].filter((name) => !ran.has(name)), unknown: executed.filter((name) => !known.has(name)) };
}
