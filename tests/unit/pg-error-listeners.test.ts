import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createTestDatabase } from "../support/database";
import { databaseName, expectedTerminations, testClient, testPool } from "../support/pg";

/**
 * Issue 28, 5: a clean run printed "2723 passed, 0 failed" and exited 1, because a `pg`
 * client with no `error` listener sat idle on a database that was then dropped (57P01). The
 * mechanism: tests make pools and clients only through tests/support/pg.ts and the service
 * through server/platform/db/pg-client.ts, both of which listen for `error`; a test
 * database's drop ends the tests' connections to it first.
 */
const ROOT = join(import.meta.dirname, "../..");
/** The two factories, and this file, whose strings show the grep what it forbids. */
const ALLOWED = new Set(["tests/support/pg.ts", "server/platform/db/pg-client.ts", "tests/unit/pg-error-listeners.test.ts"]);

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(path);
    return /\.(ts|tsx|mjs|js|cjs)$/.test(entry.name) ? [path] : [];
  });
}

/** `new pg.Pool(`, `new pg.Client(`, and `new Pool(`/`new Client(` in a file that takes them from "pg". */
function constructions(text: string): string[] {
  const found = [...text.matchAll(/new\s+pg\s*\.\s*(Pool|Client)\s*\(/g)].map((m) => m[0]);
  const named = /import\s*\{([^}]*)\}\s*from\s*["']pg["']/.exec(text)?.[1] ?? "";
  for (const name of ["Pool", "Client"]) {
    const local = new RegExp(`\\b${name}(?:\\s+as\\s+(\\w+))?\\b`).exec(named);
    if (!local) continue;
    const alias = local[1] ?? name;
    found.push(...[...text.matchAll(new RegExp(`new\\s+${alias}\\s*\\(`, "g"))].map((m) => m[0]));
  }
  return found;
}

describe("pg pools and clients always listen for errors", () => {
  it("are made only by the two factories, in the tests and in the service", () => {
    const offenders = ["tests", "server", "rest", "app", "cli/src", "scripts"]
      .flatMap((dir) => sources(dir))
      .map((path) => relative(ROOT, join(ROOT, path)))
      .filter((path) => !ALLOWED.has(path))
      .flatMap((path) => constructions(readFileSync(join(ROOT, path), "utf8")).map((what) => `${path}: ${what}`));
    expect(offenders).toEqual([]);
  });

  it("the grep sees each form it forbids", () => {
    expect(constructions('const a = new pg.Pool({});\nconst b = new pg . Client(x);')).toHaveLength(2);
    expect(constructions('import { Pool as P, Client } from "pg";\nnew P();\nnew Client();')).toHaveLength(2);
    expect(constructions('import { Client } from "@modelcontextprotocol/sdk/client/index.js";\nnew Client({});')).toEqual([]);
  });
});

describe("a database dropped under the tests' connections", () => {
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  afterEach(() => {
    process.off("uncaughtException", onUncaught);
  });

  it("cut off under an idle pool and an idle client from the factory: counted as expected, nothing uncaught", async () => {
    const database = await createTestDatabase("pg-drop-idle");
    const pool = testPool(database.url, { max: 2 });
    const client = testClient(database.url);
    await client.connect();
    // Two pool clients, both idle once their queries are done.
    await Promise.all([pool.query("select pg_sleep(0.05)"), pool.query("select pg_sleep(0.05)")]);
    expect([pool.totalCount, pool.idleCount]).toEqual([2, 2]);
    const name = databaseName(database.url);
    const before = expectedTerminations(name);
    process.on("uncaughtException", onUncaught);

    // What the flaky run did: the database dropped while its connections sat idle.
    const admin = testClient(inject("postgresAdminUrl"));
    await admin.connect();
    await admin.query(`drop database "${new URL(database.url).pathname.slice(1)}" with (force)`);
    await admin.end();

    await expect.poll(() => pool.totalCount, { timeout: 10_000 }).toBe(0);
    await expect.poll(() => expectedTerminations(name) - before, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(uncaught).toEqual([]);
    await pool.end();
    await client.end();
    await database.drop(); // already gone: nothing to do, nothing thrown
  });

  it("TestDatabase.drop() ends the tests' own pools and clients first: none is cut off", async () => {
    const database = await createTestDatabase("pg-drop-ends");
    const pool = testPool(database.url, { max: 2 });
    const client = testClient(database.url);
    await client.connect();
    await pool.query("select 1");
    // This database's own count: a loss of the test before, reported late, is not this one's
    // (a CI run read 8 against 6 when it counted every database's).
    const name = databaseName(database.url);
    const before = expectedTerminations(name);
    process.on("uncaughtException", onUncaught);
    await database.drop();
    expect(pool.ended).toBe(true);
    expect(expectedTerminations(name)).toBe(before);
    expect(uncaught).toEqual([]);
    // A suite's own afterAll that ends them again is harmless.
    await pool.end();
    await client.end();
  });
});
