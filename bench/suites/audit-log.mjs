// The audit log's cost on PATCH /api/tenants/me (issue 20 section 4, ADR 047; goal: at most
// 10% slower). Every rename writes one audit row in its transaction: one statement advances the
// chain head's row (holding its lock) and inserts the row from it; Node makes the canonical JSON.
//
// 1. Over HTTP, side by side: the same rename on this build (with the log) and on a build from
//    before the log (BENCH_AUDIT_BASELINE_DIR: a checkout of a commit before the log with its
//    own `npm run build` and node_modules; it gets its own database on the bench PostgreSQL and
//    its own data directory, since an older build refuses a database a newer one migrated).
//    Each side renames the workspace of a person signed up for it the same way, after the same
//    100 warm-up renames. Latency: one request each in turn, BENCH_AUDIT_REQUESTS of each
//    (default 1000), with each service's CPU per rename. Throughput: 8 clients at once, the two
//    sides taking turns (ABBA) in bursts, so the shared machine's load falls on both alike; on
//    one workspace (each rename waits for the one before on the workspace's row) and on 8.
//    Without the variable only this build's figures are printed.
// 2. In PostgreSQL, interleaved over one connection, so the database's share is seen apart: the
//    rename's transaction (BEGIN, UPDATE, COMMIT) with and without the audit statement, and the
//    rename with its audit row as one statement, as this build sends it.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "../lib/ports.mjs";
import { cpuMs } from "../lib/process-cpu.mjs";
import { startNodeProcess } from "../lib/servers.mjs";

const GENESIS = "0".repeat(64);
const round = (n) => Math.round(n * 100) / 100;
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function summary(name, times) {
  const t = [...times].sort((a, b) => a - b);
  const mean = t.reduce((a, b) => a + b, 0) / t.length;
  return { name, runs: t.length, meanMs: round(mean), medianMs: round(quantile(t, 0.5)), p99Ms: round(quantile(t, 0.99)) };
}

/**
 * A person who owns a workspace on `base`, signed up as a browser would: their session cookie.
 * Both sides get one made the same way (a fresh person, a fresh workspace, nothing else), so
 * neither renames a workspace that carries more than the other's.
 */
async function ownerOf(base, who) {
  const signup = await fetch(`${base}/signup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: `bench-${who}@example.com`, password: "correct horse battery staple" }),
    redirect: "manual",
  });
  const cookie = signup.headers.getSetCookie().map((line) => line.split(";")[0]).find((pair) => pair.startsWith("svc_session="));
  if (!cookie) throw new Error(`sign-up on ${base} answered ${signup.status}`);
  const created = await fetch(`${base}/api/tenants`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ name: "Bench", slug: `bench-${who}` }) });
  if (created.status !== 201) throw new Error(`POST /api/tenants on ${base} answered ${created.status}`);
  return cookie;
}

let renames = 0;
async function rename(base, cookie) {
  const started = process.hrtime.bigint();
  const res = await fetch(`${base}/api/tenants/me`, { method: "PATCH", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ name: `Bench ${++renames}` }) });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`PATCH /api/tenants/me answered ${res.status} on ${base}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/**
 * `clients` loops renaming at once for `count` renames in all, client k with `cookies[k % n]`
 * (one cookie: all rename one workspace and wait on its row in turn; one each: no waiting on
 * each other); answers the seconds it took.
 */
async function burst(base, cookies, clients, count) {
  let left = count;
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: clients }, async (_, k) => {
    while (left-- > 0) await rename(base, cookies[k % cookies.length]);
  }));
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/**
 * Renames per second with `clients` at once on each side, `count` renames per side in all. The
 * sides take turns in ABBA order over `BURSTS` bursts, so a change in the machine's load (it is
 * shared) falls on both alike instead of on whichever side ran second.
 */
const BURSTS = 8;
async function throughputSideBySide(sides, clients, count) {
  const seconds = sides.map(() => 0);
  for (let i = 0; i < BURSTS; i++) {
    const order = i % 2 === 0 ? sides.map((_, k) => k) : sides.map((_, k) => k).reverse();
    for (const k of order) seconds[k] += await burst(sides[k].url, sides[k].cookies, clients, Math.ceil(count / BURSTS));
  }
  return seconds.map((s) => round((Math.ceil(count / BURSTS) * BURSTS) / s));
}

/** The CPU milliseconds `pid` used per rename while `work` ran `renames` renames on it. */
async function cpuPerRename(pids, renames, work) {
  const before = pids.map(cpuMs);
  await work();
  return pids.map((pid, k) => (before[k] === null ? null : round((cpuMs(pid) - before[k]) / renames)));
}

/**
 * The rename as this build sends it (server/changes/audit-writer.ts with a change statement):
 * the UPDATE and its audit row as one statement, its own transaction, no BEGIN or COMMIT.
 */
async function renameStatement(db, tenantId) {
  const started = process.hrtime.bigint();
  const name = `Bench sql ${++renames}`;
  const canonical = JSON.stringify({ action: "workspace.renamed", changes: { to: name }, time: new Date().toISOString(), workspace: tenantId });
  const hashOf = (prev) => `encode(sha256(convert_to(${prev} || E'\\n' || $2, 'UTF8')), 'hex')`;
  await db.query(
    `with change as (update tenants set name = $5, updated_at = now() where id = $1 returning *),
     head as (
       insert into audit_chains as c (tenant_id, head_seq, head_hash, head_prev_hash) select $1::uuid, 1, ${hashOf(`'${GENESIS}'`)}, '${GENESIS}' from (select 1 from change limit 1) as changed
       on conflict (tenant_id) do update set head_seq = c.head_seq + 1, head_hash = ${hashOf("c.head_hash")}, head_prev_hash = c.head_hash
       returning head_seq, head_hash, head_prev_hash),
     appended as (
       insert into audit_log (tenant_id, seq, created_at, actor, action, target_type, target_id, changes, prev_hash, hash, request_id)
       select $1::uuid, head_seq, now(), '{"type":"system"}', 'workspace.renamed', 'workspace', $1::text, $3::jsonb, head_prev_hash, head_hash, $4 from head)
     select * from change`,
    [tenantId, canonical, JSON.stringify({ to: name }), randomUUID(), name],
  );
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** The rename's transaction in SQL, with or without what the audit log adds to it. */
async function renameTransaction(db, tenantId, withAudit) {
  const started = process.hrtime.bigint();
  await db.query("begin");
  const name = `Bench sql ${++renames}`;
  await db.query(`update tenants set name = $1, updated_at = now() where id = $2`, [name, tenantId]);
  if (withAudit) {
    // appendAuditRow's one statement (server/changes/audit-writer.ts).
    const canonical = JSON.stringify({ action: "workspace.renamed", changes: { to: name }, time: new Date().toISOString(), workspace: tenantId });
    const hashOf = (prev) => `encode(sha256(convert_to(${prev} || E'\\n' || $2, 'UTF8')), 'hex')`;
    await db.query(
      `with head as (
         insert into audit_chains as c (tenant_id, head_seq, head_hash, head_prev_hash) values ($1::uuid, 1, ${hashOf(`'${GENESIS}'`)}, '${GENESIS}')
         on conflict (tenant_id) do update set head_seq = c.head_seq + 1, head_hash = ${hashOf("c.head_hash")}, head_prev_hash = c.head_hash
         returning head_seq, head_hash, head_prev_hash)
       insert into audit_log (tenant_id, seq, created_at, actor, action, target_type, target_id, changes, prev_hash, hash, request_id)
       select $1::uuid, head_seq, now(), '{"type":"system"}', 'workspace.renamed', 'workspace', $1::text, $3::jsonb, head_prev_hash, head_hash, $4 from head`,
      [tenantId, canonical, JSON.stringify({ to: name }), randomUUID()],
    );
  }
  await db.query("commit");
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const row = (s) => `${s.name.padEnd(52)}  ${String(s.runs).padStart(5)}  ${s.meanMs.toFixed(2).padStart(8)}  ${s.medianMs.toFixed(2).padStart(7)}  ${s.p99Ms.toFixed(2).padStart(7)}`;

export default {
  name: "audit-log",
  title: "The audit write's cost on PATCH /api/tenants/me (with and without the log)",
  async run(ctx) {
    const requests = Number(process.env.BENCH_AUDIT_REQUESTS) || 1000;
    const withLog = ctx.targets["npm-start"];
    const cookie = await ownerOf(withLog, "with-log");
    let baseline = null;
    const baselineDir = process.env.BENCH_AUDIT_BASELINE_DIR;
    let baselineCookie = null;
    if (baselineDir) {
      // Its own database on the same PostgreSQL (an older build refuses a database a newer one migrated), its own data directory.
      const admin = new pg.Client({ connectionString: ctx.databaseUrl });
      await admin.connect();
      await admin.query("create database svc_bench_before");
      await admin.end();
      const databaseUrl = new URL(ctx.databaseUrl);
      databaseUrl.pathname = "/svc_bench_before";
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      baseline = await startNodeProcess({
        name: "before-the-log",
        args: [join(baselineDir, "scripts", "start.mjs")],
        cwd: baselineDir,
        env: { NODE_ENV: "production", HOST: "127.0.0.1", BASE_URL: url, DATABASE_URL: databaseUrl.toString(), DATA_DIR: join(ctx.tmpRoot, "data-before"), LOG_LEVEL: "warn", PORT: String(port), SIGNUP_RATE_LIMIT_PER_ADDRESS: "100000000" },
        logDir: ctx.logDir,
        readyUrl: `${url}/api/auth/me`,
      });
      baseline.url = url;
      baselineCookie = await ownerOf(url, "before");
    }
    const db = new pg.Client({ connectionString: ctx.databaseUrl });
    await db.connect();
    try {
      const scenarios = [];
      const ratios = [];
      const lines = ["", this.title, ""];
      // 1. HTTP: the same warm-up on both, then one request each in turn.
      for (let i = 0; i < 100; i++) {
        await rename(withLog, cookie);
        if (baseline) await rename(baseline.url, baselineCookie);
      }
      const a = [];
      const b = [];
      const [cpuWith, cpuBefore] = await cpuPerRename([ctx.pids["npm-start"], baseline?.child.pid], requests, async () => {
        for (let i = 0; i < requests; i++) {
          a.push(await rename(withLog, cookie));
          if (baseline) b.push(await rename(baseline.url, baselineCookie));
        }
      });
      const logged = summary("PATCH /api/tenants/me, with the log", a);
      scenarios.push(logged, { name: "service CPU per rename with the log", value: cpuWith, unit: "ms" });
      lines.push(`${"one request at a time".padEnd(52)}  ${"runs".padStart(5)}  ${"mean ms".padStart(8)}  ${"median".padStart(7)}  ${"p99".padStart(7)}`, row(logged));
      const sides = [{ url: withLog, cookies: [cookie] }, ...(baseline ? [{ url: baseline.url, cookies: [baselineCookie] }] : [])];
      const [loggedRate, beforeRate] = await throughputSideBySide(sides, 8, requests);
      scenarios.push({ name: "renames/s with the log, 8 clients", value: loggedRate });
      // The same with 8 workspaces, one per client: what the row lock costs is out of it, what each rename costs the machine is left.
      for (let k = 1; k < 8; k++) {
        sides[0].cookies.push(await ownerOf(withLog, `with-log-${k}`));
        if (baseline) sides[1].cookies.push(await ownerOf(baseline.url, `before-${k}`));
      }
      for (const side of sides) for (const c of side.cookies) for (let i = 0; i < 10; i++) await rename(side.url, c);
      const [loggedSpread, beforeSpread] = await throughputSideBySide(sides, 8, requests);
      scenarios.push({ name: "renames/s with the log, 8 clients on 8 workspaces", value: loggedSpread });
      if (baseline) {
        const before = summary("PATCH /api/tenants/me, before the log", b);
        scenarios.push(before, { name: "service CPU per rename before the log", value: cpuBefore, unit: "ms" });
        lines.push(row(before));
        scenarios.push({ name: "renames/s before the log, 8 clients", value: beforeRate }, { name: "renames/s before the log, 8 clients on 8 workspaces", value: beforeSpread });
        ratios.push({ name: "median latency with the log / before it", value: round(logged.medianMs / before.medianMs), goal: "<= 1.10" });
        ratios.push({ name: "renames/s before the log / with it (8 clients)", value: round(beforeRate / loggedRate), goal: "<= 1.10" });
        ratios.push({ name: "renames/s before the log / with it (8 clients on 8 workspaces)", value: round(beforeSpread / loggedSpread), goal: "<= 1.10" });
        if (cpuWith !== null && cpuBefore !== null) ratios.push({ name: "service CPU per rename with the log / before it", value: round(cpuWith / cpuBefore) });
        lines.push("", `service CPU per rename (one at a time): ${cpuWith} ms with the log, ${cpuBefore} ms before it`);
        lines.push(`8 clients at once on one workspace (the two sides in turn, ABBA, ${BURSTS} bursts): ${loggedRate} renames/s with the log, ${beforeRate} before it`);
        lines.push(`8 clients at once on 8 workspaces (the same): ${loggedSpread} renames/s with the log, ${beforeSpread} before it (x${round(loggedSpread / beforeSpread)})`);
        lines.push(`with the log the median rename takes x${ratios[0].value} the time, and 8 clients get x${round(loggedRate / beforeRate)} the renames per second (goal: at most 10% slower)`);
      } else {
        lines.push("", `service CPU per rename (one at a time): ${cpuWith} ms`, `8 clients at once: ${loggedRate} renames/s`, `8 clients on 8 workspaces: ${loggedSpread} renames/s`, "set BENCH_AUDIT_BASELINE_DIR to a built checkout from before the log for the side-by-side figures");
      }
      // 2. PostgreSQL's share.
      const tenantId = (await db.query("select id from tenants where slug = 'bench-with-log'")).rows[0].id;
      for (let i = 0; i < 50; i++) await renameTransaction(db, tenantId, i % 2 === 0);
      for (let i = 0; i < 50; i++) await renameStatement(db, tenantId);
      const plain = [];
      const audited = [];
      const together = [];
      for (let i = 0; i < requests; i++) {
        plain.push(await renameTransaction(db, tenantId, false));
        audited.push(await renameTransaction(db, tenantId, true));
        together.push(await renameStatement(db, tenantId));
      }
      const p = summary("rename transaction without the audit statements", plain);
      const q = summary("rename transaction with the audit statements", audited);
      const t = summary("rename and audit row as one statement (this build)", together);
      scenarios.push(p, q, t);
      ratios.push({ name: "audit statements added to the rename's transaction (median)", value: round(q.medianMs - p.medianMs), unit: "ms" });
      ratios.push({ name: "rename and audit row as one statement / the rename's transaction without them (median)", value: round(t.medianMs / p.medianMs) });
      lines.push("", row(p), row(q), row(t), `the audit statements add ${round(q.medianMs - p.medianMs)} ms to the median rename transaction; sent with the rename as one statement, the whole takes x${round(t.medianMs / p.medianMs)} the rename's transaction without them`);
      return { text: lines.join("\n"), scenarios, ratios, clean: true };
    } finally {
      await db.end();
      await baseline?.stop();
    }
  },
};
