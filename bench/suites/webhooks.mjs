// Webhooks (issue 19 item 4, ADR 041): two figures.
//
// 1. Delivery throughput: events per second from the PostgreSQL outbox to a local receiver
//    (node:http on 127.0.0.1, answering 200 at once). BENCH_WEBHOOK_EVENTS change records and
//    their outbox rows (default 2000) are committed in one transaction, as recordChange writes
//    them; the clock runs from that commit to the receiver's last new webhook-id. Every instance
//    on the bench database runs a delivery worker (npm start, npm-start-metrics, its twin, remix-serve),
//    so the figure is several workers sharing the outbox through SKIP LOCKED, as in a cluster.
// 2. The outbox write's cost on connection.created: the change's transaction as the connection
//    service commits it (the connection row and its change record), with and without the outbox
//    write (the fan-out insert for one subscribed endpoint and the NOTIFY), interleaved one by one
//    over one connection, BENCH_WEBHOOK_TXNS of each (default 1000). The difference of the
//    medians is what the outbox adds to that change.
import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import pg from "pg";

const round = (n) => Math.round(n * 100) / 100;
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function startReceiver() {
  const seen = new Set();
  let requests = 0;
  let onNew = () => {};
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      requests++;
      const id = String(req.headers["webhook-id"]);
      if (!seen.has(id)) {
        seen.add(id);
        onNew();
      }
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    seen,
    requests: () => requests,
    until(count, timeoutMs) {
      if (seen.size >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${seen.size} of ${count} webhooks arrived in ${timeoutMs / 1000} s`)), timeoutMs);
        onNew = () => {
          if (seen.size >= count) {
            clearTimeout(timer);
            resolve();
          }
        };
      });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** recordChange's statements (server/changes/record-change.ts), for one change. */
const CHANGE_SQL = `insert into app_events (tenant_id, app_id, type, data) values ($1, null, 'connection.created', $2::jsonb) returning id`;
const OUTBOX_SQL = `insert into webhook_deliveries (endpoint_id, change_id)
  select id, $1 from webhook_endpoints where tenant_id = $2 and disabled_at is null and (cardinality(event_types) = 0 or 'connection.created' = any(event_types)) returning id`;

async function connectionCreated(db, tenantId, userId, withOutbox) {
  const started = process.hrtime.bigint();
  await db.query("begin");
  const id = randomUUID();
  const externalId = `svc_conn_${randomBytes(18).toString("base64url")}`;
  await db.query(
    `insert into connections (id, tenant_id, provider, external_id, display_name, profile, metadata, created_by) values ($1, $2, 'bench-provider', $3, 'Bench account', 'broker_managed', '{}'::jsonb, $4)`,
    [id, tenantId, externalId, userId],
  );
  const data = JSON.stringify({ connectionId: id, externalId, provider: "bench-provider", displayName: "Bench account", profile: "broker_managed" });
  const change = await db.query(CHANGE_SQL, [tenantId, data]);
  if (withOutbox) {
    const queued = await db.query(OUTBOX_SQL, [change.rows[0].id, tenantId]);
    if (queued.rowCount > 0) await db.query(`select pg_notify('svc_webhooks_due', '')`);
  }
  await db.query("commit");
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function summary(name, times) {
  const t = [...times].sort((a, b) => a - b);
  const mean = t.reduce((a, b) => a + b, 0) / t.length;
  return { name, runs: t.length, meanMs: round(mean), medianMs: round(quantile(t, 0.5)), p99Ms: round(quantile(t, 0.99)) };
}

export default {
  name: "webhooks",
  title: "Webhook delivery throughput and the outbox write's cost on connection.created",
  async run(ctx) {
    const receiver = await startReceiver();
    const db = new pg.Client({ connectionString: ctx.databaseUrl });
    await db.connect();
    const endpoints = [];
    try {
      const tenantId = (await db.query("select id from tenants where slug = 'bench-workspace'")).rows[0].id;
      const created = await fetch(`${ctx.targets["npm-start"]}/api/webhooks`, {
        method: "POST",
        headers: { cookie: ctx.user.cookie, "content-type": "application/json" },
        body: JSON.stringify({ url: `${receiver.url}/bench`, description: "bench receiver", eventTypes: ["connection.created"] }),
      });
      const endpoint = await created.json();
      if (created.status !== 201) throw new Error(`POST /api/webhooks answered ${created.status}: ${JSON.stringify(endpoint)}`);
      endpoints.push(endpoint.id);

      // 1. Throughput.
      const events = Number(process.env.BENCH_WEBHOOK_EVENTS) || 2000;
      await db.query("begin");
      await db.query(
        `with changes as (
           insert into app_events (tenant_id, app_id, type, data)
           select $1, null, 'connection.created', jsonb_build_object('connectionId', gen_random_uuid(), 'provider', 'bench-provider', 'n', n)
             from generate_series(1, $2) n returning id)
         insert into webhook_deliveries (endpoint_id, change_id) select $3, id from changes`,
        [tenantId, events, endpoint.id],
      );
      await db.query(`select pg_notify('svc_webhooks_due', '')`);
      await db.query("commit");
      const started = process.hrtime.bigint();
      await receiver.until(events, 300_000);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const throughput = { name: "delivery", events, seconds: round(seconds), eventsPerSecond: round(events / seconds), requests: receiver.requests(), duplicates: receiver.requests() - receiver.seen.size };

      // 2. The outbox write's cost, interleaved with and without it.
      const txns = Number(process.env.BENCH_WEBHOOK_TXNS) || 1000;
      const without = [];
      const withOutbox = [];
      for (let i = 0; i < 50; i++) await connectionCreated(db, tenantId, ctx.user.userId, i % 2 === 0); // warm-up
      for (let i = 0; i < txns; i++) {
        without.push(await connectionCreated(db, tenantId, ctx.user.userId, false));
        withOutbox.push(await connectionCreated(db, tenantId, ctx.user.userId, true));
      }
      const a = summary("connection.created without the outbox write", without);
      const b = summary("connection.created with the outbox write", withOutbox);
      const addedMs = round(b.medianMs - a.medianMs);
      const ratios = [{ name: "outbox write added to connection.created (median)", value: addedMs, unit: "ms", relative: round(b.medianMs / a.medianMs) }];
      const text = [
        "",
        this.title,
        "",
        `delivery: ${events} events in ${throughput.seconds} s = ${throughput.eventsPerSecond} events/s to a local receiver (${throughput.requests} requests, ${throughput.duplicates} repeats)`,
        "",
        `${"transaction".padEnd(46)}  ${"runs".padStart(5)}  ${"mean ms".padStart(8)}  ${"median".padStart(7)}  ${"p99".padStart(7)}`,
        ...[a, b].map((s) => `${s.name.padEnd(46)}  ${String(s.runs).padStart(5)}  ${s.meanMs.toFixed(2).padStart(8)}  ${s.medianMs.toFixed(2).padStart(7)}  ${s.p99Ms.toFixed(2).padStart(7)}`),
        "",
        `the outbox write adds ${addedMs} ms to the median connection.created transaction (x${ratios[0].relative})`,
      ].join("\n");
      return { text, scenarios: [throughput, a, b], ratios, clean: true };
    } finally {
      for (const id of endpoints) await fetch(`${ctx.targets["npm-start"]}/api/webhooks/${id}`, { method: "DELETE", headers: { cookie: ctx.user.cookie } }).catch(() => undefined);
      await db.end();
      await receiver.close();
    }
  },
};
