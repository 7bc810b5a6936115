import { MikroORM } from "@mikro-orm/postgresql";
import type pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetConfig } from "../../server/platform/config";
import { notify } from "../../server/platform/db/notifications";
import { ormOptions } from "../../server/start/orm";
import { createTestDatabase } from "../support/database";
import { testClient } from "../support/pg";

/**
 * `notify(tx, …)` inside a transaction is sent when the transaction commits, and never when it
 * rolls back: a webhook worker woken before the outbox row is visible claims nothing and then
 * sleeps until its next poll, and a cache on another instance reloads the old truth.
 */
const savedEnv = { ...process.env };
let database: { url: string; drop(): Promise<void> };
let orm: MikroORM;
let listener: pg.Client;
const received: string[] = [];
const CHANNEL = "svc_test_notify_in_transaction";

beforeAll(async () => {
  database = await createTestDatabase("notify_in_transaction");
  Object.assign(process.env, { DATABASE_URL: database.url, LOG_LEVEL: "warn" });
  resetConfig();
  orm = await MikroORM.init(ormOptions({ pool: { min: 0, max: 2 } }));
  listener = testClient(database.url);
  await listener.connect();
  listener.on("notification", (message) => received.push(message.payload ?? ""));
  await listener.query(`LISTEN ${CHANNEL}`);
});
afterAll(async () => {
  await listener?.end();
  await orm?.close(true);
  await database?.drop();
  process.env = savedEnv;
  resetConfig();
});

async function until(payload: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!received.includes(payload)) {
    if (Date.now() > deadline) throw new Error(`no ${payload}: ${received.join(",")}`);
    await new Promise((resolve) => listener.once("notification", resolve).once("error", resolve));
  }
}

it("sends a notification made in a transaction only if it commits, and only then", async () => {
  await expect(
    orm.em.fork().transactional(async (tx) => {
      await notify(tx, CHANNEL, "rolled-back");
      throw new Error("the change failed");
    }),
  ).rejects.toThrow("the change failed");
  await orm.em.fork().transactional(async (tx) => {
    await notify(tx, CHANNEL, "committed");
    // Not before the commit: the marker sent outside the transaction arrives first.
    await notify(orm.em.fork(), CHANNEL, "marker");
    await until("marker");
  });
  await until("committed");
  expect(received).toEqual(["marker", "committed"]);
});
