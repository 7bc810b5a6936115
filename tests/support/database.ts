import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { endConnectionsTo, testClient } from "./pg";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates database `name` on the PostgreSQL cluster at `adminUrl`: empty, or a copy of
 * `template`. `drop` first ends the tests' own pools and clients on it (tests/support/pg.ts),
 * so none is cut off while idle, then removes it even while other connections (a service
 * that did not stop) are still open. The one way the tests make a database: a suite's own,
 * the migrated template, the shared service's copy.
 */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<TestDatabase> {
  await adminQuery(adminUrl, template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await endConnectionsTo(name);
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
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
  const client = testClient(adminUrl);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
