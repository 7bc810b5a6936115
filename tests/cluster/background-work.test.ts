import { createServer, type Server } from "node:http";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { api, createWorkspace, signUp, uniqueSlug } from "../support/http";
import { startService, type RunningService } from "../support/service";
import { catalogFile } from "../support/oauth";
import { connectBroker } from "../support/connect-flows";
import { startFakeBroker } from "../fakes/broker";

/**
 * Several instances on one database (issue 18, 3): migrations are safe when instances start
 * at once, code older than the schema refuses to start, and a periodic job's round is made by
 * one instance per interval, not by each.
 */
const running: RunningService[] = [];
const databases: { drop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.stop()));
});
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

async function sharedDatabase(label: string) {
  const database = await createTestDatabase(label, { empty: true });
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

describe("several instances on one database", () => {
  it("two instances started at once on an empty database both come up, and every migration ran once", { timeout: 90_000 }, async () => {
    const database = await sharedDatabase("migrate_at_once");
    const [a, b] = await Promise.all([startService({ databaseUrl: database.url }), startService({ databaseUrl: database.url })]);
    running.push(a, b);
    const rows = await a.db.query("select name, count(*)::int as n from mikro_orm_migrations group by name");
    expect(rows.rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.rows.every((row) => row.n === 1)).toBe(true);
    expect((await fetch(`${b.url}/api/auth/me`)).status).toBe(200);
  });

  it("refuses to start on a database migrated by a newer version, with one line saying so", { timeout: 90_000 }, async () => {
    const database = await sharedDatabase("schema_newer");
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
      const database = await sharedDatabase("health_once");
      const env = { HEALTH_CHECK_INTERVAL_SECONDS: "1" };
      const a = await startService({ databaseUrl: database.url, env });
      running.push(a);
      const b = await startService({ databaseUrl: database.url, env });
      running.push(b);
      const owner = await signUp(a);
      await createWorkspace(a, owner, uniqueSlug());
      const created = await api(a, "/api/deployments", {
        method: "POST",
        cookie: owner.cookie,
        json: { name: "probe", upstreamUrl: `http://127.0.0.1:${port}`, manifest: "name: probe\nhealthcheck: /health\n" },
      });
      expect(created.status).toBe(201);
      // Both instances tick every second; six rounds in a row are watched.
      await waitFor(() => (hits.length >= 7 ? true : undefined), "seven health checks");
      const gaps = hits.slice(1, 7).map((at, i) => at - hits[i]!);
      // Each instance alone would probe once a second, so two instances unclaimed would put
      // two probes in every second (one gap of half a second or less in every pair).
      expect(Math.min(...gaps), `gaps between probes: ${gaps.join(", ")} ms`).toBeGreaterThanOrEqual(700);
      const claims = await a.db.query("select job from background_job_runs where job = 'deployment-health-checks'");
      expect(claims.rowCount).toBe(1);
    } finally {
      await new Promise((resolve) => upstream.close(resolve));
    }
  });

  it("checks each connection's health once per interval across the cluster, not once per instance", { timeout: 90_000 }, async () => {
    const broker = await startFakeBroker();
    try {
      const database = await sharedDatabase("connection_health_once");
      const env = {
        INTEGRATIONS_FILE: catalogFile([broker.catalogRow("github")]),
        BROKER_API_URL: broker.url,
        BROKER_API_KEY: broker.apiKey,
        CONNECTION_HEALTH_INTERVAL_SECONDS: "1",
      };
      const a = await startService({ databaseUrl: database.url, env });
      running.push(a);
      const b = await startService({ databaseUrl: database.url, env });
      running.push(b);
      const owner = await signUp(a);
      await createWorkspace(a, owner, uniqueSlug());
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
      const gaps = reads.slice(1, 6).map((at, i) => at - reads[i]!);
      expect(Math.min(...gaps), `gaps between checks: ${gaps.join(", ")} ms`).toBeGreaterThanOrEqual(700);
    } finally {
      await broker.close();
    }
  });
});
