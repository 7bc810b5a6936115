import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

/**
 * A database of its own for one suite in the test cluster: by default a copy of the
 * template that global setup migrated once (the service finds every migration applied and
 * seeds its catalog at start, as on any restart); with `empty`, a database with nothing in
 * it, for tests of what a first start against a new database does.
 */
export async function createTestDatabase(label: string, options: { empty?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new URL(inject("postgresAdminUrl"));
  const name = `t_${label.replace(/[^a-z0-9]/gi, "_").toLowerCase().slice(0, 30)}_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(options.empty ? `create database "${name}"` : `create database "${name}" template "${inject("templateDatabase")}"`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
