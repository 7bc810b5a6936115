import { MikroORM } from "@mikro-orm/postgresql";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetConfig } from "../../server/platform/config";
import { claimAndSaveRefreshToken, deferClaim, takeDeferredClaim } from "../../server/oauth-server/claim-with-save";
import { ormOptions } from "../../server/start/orm";
import { createTestDatabase } from "../support/database";

/**
 * ADR 083: the claim on a code or refresh token and the next refresh token's save are one
 * statement, and the save (with the session's touch) happens only when the claim wins. Outside
 * a library request nothing is deferred: `consume` claims at once, as before.
 */
const savedEnv = { ...process.env };
let database: { url: string; drop(): Promise<void> };
let orm: MikroORM;

beforeAll(async () => {
  database = await createTestDatabase("claim_with_save");
  Object.assign(process.env, { DATABASE_URL: database.url, LOG_LEVEL: "warn" });
  resetConfig();
  orm = await MikroORM.init(ormOptions({ pool: { min: 0, max: 2 } }));
});
afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
  process.env = savedEnv;
  resetConfig();
});

const saveValues = (key: string) => ["RefreshToken", key, JSON.stringify({ grantId: "grant-1", kind: "RefreshToken" }), "grant-1", null, null, new Date(Date.now() + 60_000)];

async function row(kind: string, key: string) {
  const [found] = await orm.em.fork().getConnection().execute<{ consumed_at: Date | null; grant_id: string }[]>(`select consumed_at, grant_id from oauth_records where kind = ? and id = ?`, [kind, key]);
  return found;
}

it("saves the new refresh token only with a winning claim on the one it replaces", async () => {
  await orm.em.fork().getConnection().execute(`insert into oauth_records (kind, id, payload, grant_id, expires_at) values ('RefreshToken', 'spent-1', '{}'::jsonb, 'grant-1', now() + interval '1 minute')`);
  expect(await claimAndSaveRefreshToken(orm.em.fork(), { kind: "RefreshToken", key: "spent-1" }, saveValues("next-1"), null)).toBe(true);
  expect((await row("RefreshToken", "spent-1"))?.consumed_at).not.toBeNull();
  expect((await row("RefreshToken", "next-1"))?.grant_id).toBe("grant-1");

  // The same token claimed again (a reuse, or a racing request that lost): nothing is written.
  expect(await claimAndSaveRefreshToken(orm.em.fork(), { kind: "RefreshToken", key: "spent-1" }, saveValues("next-2"), null)).toBe(false);
  expect(await row("RefreshToken", "next-2")).toBeUndefined();
});

it("claims a code of the kind named, and an unknown one is a lost claim", async () => {
  await orm.em.fork().getConnection().execute(`insert into oauth_records (kind, id, payload, grant_id, expires_at) values ('AuthorizationCode', 'code-1', '{}'::jsonb, 'grant-1', now() + interval '1 minute')`);
  expect(await claimAndSaveRefreshToken(orm.em.fork(), { kind: "AuthorizationCode", key: "code-1" }, saveValues("first-1"), null)).toBe(true);
  expect((await row("AuthorizationCode", "code-1"))?.consumed_at).not.toBeNull();
  expect(await claimAndSaveRefreshToken(orm.em.fork(), { kind: "AuthorizationCode", key: "no-such-code" }, saveValues("first-2"), null)).toBe(false);
  expect(await row("RefreshToken", "first-2")).toBeUndefined();
});

it("defers nothing outside a library request", () => {
  expect(deferClaim("RefreshToken", "any")).toBe(false);
  expect(takeDeferredClaim()).toBeNull();
});
