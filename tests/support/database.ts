import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates database `name` on the PostgreSQL cluster at `adminUrl`: empty, or a copy of
 * `template`. `drop` removes it even while connections are still open. The one way the tests
 * make a database: a suite's own, the migrated template, the shared service's copy.
 */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<TestDatabase> {
  await adminQuery(adminUrl, template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`) };
}

/**
 * A database of its own for one suite in the test cluster: by default a copy of the
 * template that global setup migrated once (the service finds every migration applied and
 * seeds its catalog at start, as on any restart); with `empty`, a database with nothing in
 * it, for tests of what a first start against a new database does.
 */
export function createTestDatabase(label: string, options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `t_${label.replace(/[^a-z0-9]/gi, "_").toLowerCase().slice(0, 30)}_${randomBytes(4).toString("hex")}`;
  return createDatabase(inject("postgresAdminUrl"), name, options.empty ? undefined : inject("templateDatabase"));
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
