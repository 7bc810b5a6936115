import { createServer, type Server } from "node:http";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { api, createTenant, signUp, uniqueSlug } from "../support/http";
import { startService, type RunningService } from "../support/service";
import { catalogFile } from "../support/oauth";
import { connectBroker } from "../support/connect-flows";
import { startFakeBroker } from "../fakes/broker";
import { startWebhookReceiver } from "../support/webhook-receiver";

/**
 * Several instances on one database (issue 18, 3): migrations are safe when instances start
 * at once, code older than the schema refuses to start, and a periodic job's round is made by
 * one instance per interval, not by each.
 */
const running: RunningService[] = [];

/** Two instances on one database, started side by side; each is stopped after the test even if the other fails to start. */
function startTwo(databaseUrl: string, env: Record<string, string> = {}): Promise<[RunningService, RunningService]> {
  const start = () => startService({ databaseUrl, env }).then((service) => (running.push(service), service));
  return Promise.all([start(), start()]);
}
const databases: { drop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.stop()));
});
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

/** One database for two instances: empty where the starts' migrations are the subject, else a copy of the migrated template. */
async function sharedDatabase(label: string, options: { empty: boolean }) {
  const database = await createTestDatabase(label, options);
  databases.push(database);
  return database;
}

async function waitFor<T>(check: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Events of a 1-second round, one per round across the cluster: n of them span about n - 1
 * seconds. Two instances each running every round would put two in every second, and n of
 * them in at most (n - 1) / 2 seconds, however their clocks fall. The bound, three quarters
 * of a second per gap, lies between the two and leaves a loaded machine its late rounds (one
 * round's probe 425 ms late was seen with four test workers).
 */
function expectOnePerSecond(times: number[], what: string): void {
  const gaps = times.slice(1).map((at, i) => at - times[i]!);
  const span = times.at(-1)! - times[0]!;
  expect(span, `${times.length} ${what} in ${span} ms (gaps ${gaps.join(", ")} ms)`).toBeGreaterThanOrEqual(gaps.length * 750);
}

describe("several instances on one database", () => {
  it("two instances started at once on an empty database both come up, and every migration ran once", { timeout: 90_000 }, async () => {
    const database = await sharedDatabase("migrate_at_once", { empty: true });
    const [a, b] = await startTwo(database.url);
    const rows = await a.db.query("select name, count(*)::int as n from mikro_orm_migrations group by name");
    expect(rows.rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.rows.every((row) => row.n === 1)).toBe(true);
    expect((await fetch(`${b.url}/api/auth/me`)).status).toBe(200);
  });

  it("refuses to start on a database migrated by a newer version, with one line saying so", { timeout: 90_000 }, async () => {
    const database = await sharedDatabase("schema_newer", { empty: true });
    const first = await startService({ databaseUrl: database.url });
    await first.db.query("insert into mikro_orm_migrations (name, executed_at) values ('Migration29991231000099_from_the_future', now())");
    await first.stop();
    const refused = await startService({ databaseUrl: database.url }).then(
      (service) => {
        running.push(service);
        return null;
      },
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/svc: could not start: the database was migrated by a newer version of the service \(Migration29991231000099_from_the_future is unknown to this one\)/);
  });

  it("makes each interval's health-check round on one instance only", { timeout: 90_000 }, async () => {
    const hits: number[] = [];
    const upstream: Server = createServer((req, res) => {
      if (req.url === "/health") hits.push(Date.now());
      res.end("ok");
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    try {
      const port = (upstream.address() as { port: number }).port;
      const database = await sharedDatabase("health_once", { empty: false });
      const env = { HEALTH_CHECK_INTERVAL_SECONDS: "1" };
      const [a] = await startTwo(database.url, env);
      const owner = await signUp(a);
      await createTenant(a, owner, uniqueSlug());
      const created = await api(a, "/api/deployments", {
        method: "POST",
        cookie: owner.cookie,
        json: { name: "probe", upstreamUrl: `http://127.0.0.1:${port}`, manifest: "name: probe\nhealthcheck: /health\n" },
      });
      expect(created.status).toBe(201);
      // Both instances tick every second; six rounds in a row are watched.
      await waitFor(() => (hits.length >= 7 ? true : undefined), "seven health checks");
      expectOnePerSecond(hits.slice(0, 7), "probes");
      const claims = await a.db.query("select job from background_job_runs where job = 'deployment-health-checks'");
      expect(claims.rowCount).toBe(1);
    } finally {
      await new Promise((resolve) => upstream.close(resolve));
    }
  });

  it("checks each connection's health once per interval across the cluster, not once per instance", { timeout: 90_000 }, async () => {
    const broker = await startFakeBroker();
    try {
      const database = await sharedDatabase("connection_health_once", { empty: false });
      const env = {
        INTEGRATIONS_FILE: catalogFile([broker.catalogRow("github")]),
        BROKER_API_URL: broker.url,
        BROKER_API_KEY: broker.apiKey,
        CONNECTION_HEALTH_INTERVAL_SECONDS: "1",
      };
      const [a] = await startTwo(database.url, env);
      const owner = await signUp(a);
      await createTenant(a, owner, uniqueSlug());
      const { message } = await connectBroker(a, owner, "github");
      expect(message.type).toBe("svc:oauth:done");
      // Every account read after the connect is a health check (the callback reads it once).
      const reads: number[] = [];
      const seen = broker.getRequests.length;
      const watch = setInterval(() => {
        while (broker.getRequests.length > seen + reads.length) reads.push(Date.now());
      }, 10);
      try {
        await waitFor(() => (reads.length >= 6 ? true : undefined), "six health checks");
      } finally {
        clearInterval(watch);
      }
      expectOnePerSecond(reads.slice(0, 6), "checks");
    } finally {
      await broker.close();
    }
  });
});

describe("webhook delivery on several instances", () => {
  it("two instances' workers share one outbox: every event is delivered, none twice", { timeout: 90_000 }, async () => {
    const database = await createTestDatabase("webhook_share");
    databases.push(database);
    const receiver = await startWebhookReceiver();
    try {
      // Instances of one cluster share their secrets: either must open the endpoint's sealed secret.
      const env = { INTEGRATION_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64") };
      const [a] = await startTwo(database.url, env);
      const owner = await signUp(a);
      const tenant = await createTenant(a, owner, uniqueSlug("share"));
      const endpoint = await api(a, "/api/webhooks", { method: "POST", cookie: owner.cookie, json: { url: `${receiver.url}/shared` } });
      expect(endpoint.status, endpoint.text).toBe(201);
      // 300 changes committed at once, with their outbox rows as recordChange writes them: both
      // instances are woken by the one NOTIFY and claim from the same rows.
      const events = 300;
      const client = await a.db.connect();
      try {
        await client.query("begin");
        await client.query(
          `with changes as (
             insert into app_events (tenant_id, app_id, type, data)
             select $1, null, 'member.added', jsonb_build_object('n', n) from generate_series(1, $2) n returning id)
           insert into webhook_deliveries (endpoint_id, change_id) select $3, id from changes`,
          [tenant.id, events, endpoint.body.id],
        );
        await client.query(`select pg_notify('svc_webhooks_due', '')`);
        await client.query("commit");
      } finally {
        client.release();
      }
      const hooks = await receiver.waitFor("/shared", events, 60_000);
      // The records follow the requests: wait until every delivery is recorded as delivered.
      const deadline = Date.now() + 30_000;
      const deliveredCount = async () =>
        (await a.db.query("select count(*)::int as n from webhook_deliveries where endpoint_id = $1 and status = 'delivered'", [endpoint.body.id])).rows[0].n as number;
      while ((await deliveredCount()) < events && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await deliveredCount()).toBe(events);
      expect(hooks).toHaveLength(events);
      expect(new Set(hooks.map((hook) => hook.headers["webhook-id"])).size).toBe(events);
      const attempts = await a.db.query("select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = $1", [endpoint.body.id]);
      expect(attempts.rows[0].n).toBe(events);
    } finally {
      await receiver.close();
    }
  });
});
