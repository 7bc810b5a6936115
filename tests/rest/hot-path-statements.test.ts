import { beforeAll, describe, expect, it } from "vitest";
import { suiteCountedDatabase } from "../support/counted-database";
import { createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { HOT_PATHS, hotPathDriver, type HotPath, type HotPathDriver } from "../support/hot-paths";
import { suiteService } from "../support/service";

/**
 * Issue 30 (ADR 073): the statements each hot path sends PostgreSQL, counted at the wire
 * (every simple query and every extended-protocol Sync is one wait for the database). A
 * background job may add a statement to one request's window, none can take one away: the
 * fewest of three is the request's own. The bounds are the counts ADR 073 records after its
 * cuts; a path that climbs past its bound fails with the whole sequence in the message.
 */
const MOST: Record<HotPath, number> = {
  // Answered before the library (ADR 088): one statement reads the token with its grant, session and account, claims it, saves the next one and touches the grant; the client is cached (ADR 074).
  "refresh grant": 1,
  // Answered before the library (ADR 090): one statement reads the code with its grant, session and account, claims it, saves the first refresh token and touches the grant; the client is cached (ADR 074).
  "code exchange": 1,
  // The client is cached; the access token's session row was read live within the second (ADR 074).
  introspection: 0,
  // Session, person and factors together.
  "GET /auth/v1/user": 1,
  // Both limits with the account and its factors; the session with the last sign-in, the audit rows, the device and the forgiven attempts (ADR 093).
  "password grant": 2,
  // The session cache answers a session it checked within the second.
  "GET /api/auth/me": 0,
};

describe("statements per request on the hot paths", () => {
  const counted = suiteCountedDatabase("hot-statements");
  const service = suiteService(() => ({ databaseUrl: counted.counter.url }));
  let person: TestUser;
  let driver: HotPathDriver;

  beforeAll(async () => {
    person = await signUp(service);
    // In a workspace: a sign-in's audit row is part of what it writes.
    await createTenant(service, person, uniqueSlug("statements"));
    driver = await hotPathDriver(service, person);
  }, 120_000);

  const oneLine = (sql: string) => sql.replace(/\s+/g, " ").trim().slice(0, 160);

  it.each(HOT_PATHS.map((path) => [path]))("%s stays within its statements", async (path) => {
    const attempts: string[][] = [];
    for (let i = 0; i < 3; i++) {
      await driver.prepare(path);
      counted.counter.take();
      await driver.run(path);
      attempts.push(counted.counter.take().map(oneLine));
    }
    const fewest = attempts.reduce((a, b) => (b.length < a.length ? b : a));
    if (process.env.PRINT_HOT_PATH_STATEMENTS) process.stdout.write(`\n== ${path}: ${fewest.length}\n${fewest.map((s) => `   ${s}`).join("\n")}\n`);
    expect(fewest.length, fewest.join("\n")).toBeLessThanOrEqual(MOST[path]);
  });
});
