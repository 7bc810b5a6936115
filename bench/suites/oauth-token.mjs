// The authorization server's token endpoint (issue 15): what a client pays per request to
// exchange a code and to refresh, and introspection (Ory Hydra publishes about 5,100 req/s
// for its introspection on 2 cores), beside the bare node:http baseline answering a POST.
//
// Codes are single-use and live 60 s, and every refresh rotates the refresh token (a reused
// one revokes its family), so a fixed request repeated by autocannon cannot measure these.
// This suite drives them itself with the same closed loop for every row: BENCH_CONNECTIONS
// concurrent keep-alive connections (undici Pool), each sending its next request when the last
// one answered, so the rows compare like with like (the loop runs in the runner's process).
//
// - code exchange: batches of BENCH_TOKEN_CODES_PER_ROUND codes (default 400), each got the way
//   a browser gets one (authorize, the consent page, Approve, the redirect), then all exchanged
//   with PKCE; only the exchanges are timed, until BENCH_DURATION seconds of exchanging.
// - refresh: one grant per connection; each connection refreshes its own chain for the run.
// - introspection: one access token, POST /auth/v1/oauth/introspect by its (public) client,
//   and one refresh token (what the bare library itself introspects).
//
// Beside the service, the same rows on the bare oidc-provider of the version the service pins
// (issue 30; peers/oidc-provider-server.mjs: same signing algorithm, JWT access tokens with
// resource indicators, PKCE, public client), its codes got the same way before each round.
// Its JWT access tokens it cannot introspect, so the two are compared on a refresh token.
// With BENCH_ROUNDS (3 with --check) every row is measured in rounds, the service's and the
// peer's interleaved, so both sides of a ratio meet the same moments of the machine's load.
import { Pool } from "undici";
import { cpuMs, treeCpuMs } from "../lib/process-cpu.mjs";
import { newCode } from "../lib/oauth-codes.mjs";
import { peerCode, registerPeerClient } from "../lib/oidc-peer-codes.mjs";
import { computeRatios, formatReport } from "../lib/report.mjs";

const REDIRECT_URI = "http://127.0.0.1:9/callback";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const round = (n) => Math.round(n * 1000) / 1000;
const percentile = (sorted, p) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]);

async function postForm(pool, path, params) {
  const res = await pool.request({ method: "POST", path, headers: FORM, body: new URLSearchParams(params).toString() });
  const text = await res.body.text();
  return { status: res.statusCode, text };
}

/**
 * The closed loop: `connections` workers, each taking its next request from `next(worker)`
 * (null: that worker is done) until `untilMs` (if given). Returns every latency and the status counts.
 */
async function closedLoop(pool, connections, next, untilMs) {
  const times = [];
  const statusCodes = {};
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      for (;;) {
        if (untilMs !== undefined && performance.now() - started >= untilMs) return;
        const request = next(worker);
        if (!request) return;
        const t0 = performance.now();
        try {
          const res = await postForm(pool, request.path, request.params);
          times.push(performance.now() - t0);
          statusCodes[res.status] = (statusCodes[res.status] ?? 0) + 1;
          request.then?.(res);
        } catch {
          errors++;
        }
      }
    }),
  );
  return { times, statusCodes, errors, elapsedMs: performance.now() - started };
}

/** The report's row for one scenario, in run.mjs's shape. */
function row(name, target, loops, cpuUs, databaseCpuUs = null) {
  const times = loops.flatMap((l) => l.times);
  const sorted = Float64Array.from(times).sort();
  const elapsedMs = loops.reduce((sum, l) => sum + l.elapsedMs, 0);
  const statusCodes = {};
  for (const l of loops) for (const [code, n] of Object.entries(l.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const non2xx = Object.entries(statusCodes).reduce((sum, [code, n]) => sum + (Number(code) >= 300 ? n : 0), 0);
  return {
    name,
    target,
    method: "POST",
    result: {
      reqPerSecMean: round((times.length * 1000) / elapsedMs),
      reqPerSecStddev: NaN,
      requests: times.length,
      durationSeconds: round(elapsedMs / 1000),
      latencyMs: { p50: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0) },
      serverCpuUsPerRequest: cpuUs === null || times.length === 0 ? null : Math.round((cpuUs * 10) / times.length) / 10,
      // PostgreSQL's share (every backend, the WAL writer, the checkpointer): what a request costs the database.
      databaseCpuUsPerRequest: databaseCpuUs === null || times.length === 0 ? null : Math.round((databaseCpuUs * 10) / times.length) / 10,
      non2xx,
      errors: loops.reduce((sum, l) => sum + l.errors, 0),
      mismatches: 0,
      statusCodes,
    },
  };
}

/** Runs `measure` and returns its loops and the server's and PostgreSQL's CPU (µs) spent meanwhile. */
async function withCpu(pid, measure, postgresPid = null) {
  const before = cpuMs(pid);
  const databaseBefore = treeCpuMs(postgresPid);
  const loops = await measure();
  const after = cpuMs(pid);
  const databaseAfter = treeCpuMs(postgresPid);
  // Unknown, not negative, when a process of the tree exited meanwhile (taking its CPU with it).
  const spent = (a, b) => (a === null || b === null || b < a ? null : (b - a) * 1000);
  return { loops, cpuUs: spent(before, after), databaseCpuUs: spent(databaseBefore, databaseAfter) };
}

export default {
  name: "oauth-token",
  title: "POST /auth/v1/oauth/token and /introspect",
  async prepare(ctx) {
    const serviceUrl = ctx.targets["npm-start"];
    const registered = await fetch(`${serviceUrl}/auth/v1/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "bench", redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"] }),
    });
    const client = await registered.json();
    if (registered.status !== 201) throw new Error(`registration answered ${registered.status}: ${JSON.stringify(client)}`);
    return { clientId: client.client_id };
  },
  async run(ctx, settings) {
    const serviceUrl = ctx.targets["npm-start"];
    const peerUrl = ctx.targets["oidc-provider"];
    const { clientId } = ctx;
    const connections = settings.connections;
    const perRound = Number(process.env.BENCH_TOKEN_CODES_PER_ROUND ?? 400);
    const service = new Pool(serviceUrl, { connections, pipelining: 1 });
    const peer = new Pool(peerUrl, { connections, pipelining: 1 });
    const baseline = new Pool(ctx.targets.baseline, { connections, pipelining: 1 });
    const durationMs = settings.durationSeconds * 1000;
    const warmupMs = settings.warmupSeconds * 1000;
    const peerClientId = await registerPeerClient(peerUrl, REDIRECT_URI);
    const inBatches = async (n, mint) => {
      const got = [];
      for (let i = 0; i < n; i += 8) got.push(...(await Promise.all(Array.from({ length: Math.min(8, n - i) }, mint))));
      return got;
    };
    // Each row is measured in settings.rounds rounds, the rows interleaved (every row once, then
    // every row again; lib/rounds.mjs): a row and the peer's beside it meet the same moments of
    // a shared machine's load. A row's rounds are summed: its requests, time and CPU.
    const rows = new Map();
    /** Adds a measurement (withCpu's loops and CPU) to `sum`; a CPU figure unknown in either stays unknown. */
    const sumInto = (sum, taken) => {
      sum.loops.push(...taken.loops);
      sum.cpuUs = taken.cpuUs === null || sum.cpuUs === null ? null : sum.cpuUs + taken.cpuUs;
      sum.databaseCpuUs = taken.databaseCpuUs === null || sum.databaseCpuUs === null ? null : sum.databaseCpuUs + taken.databaseCpuUs;
      return sum;
    };
    const add = (name, target, taken) => rows.set(name, sumInto(rows.get(name) ?? { target, loops: [], cpuUs: 0, databaseCpuUs: 0 }, taken));
    /** A closed loop on `server`'s pool (for `ms`, or until `next` gives nothing), with its process's and PostgreSQL's CPU. */
    const timed = (server, next, ms) => withCpu(ctx.pids[server.target], async () => [await closedLoop(server.pool, connections, next, ms)], ctx.postgresPid);
    /** One measured run of `server` added to row `name`. */
    const measure = async (name, server, next) => add(name, server.target, await timed(server, next, durationMs));
    const say = (name, taken) => process.stdout.write(`  ${name} ${Math.round((taken.loops.reduce((n, l) => n + l.times.length, 0) * 1000) / taken.loops.reduce((ms, l) => ms + l.elapsedMs, 0))} req/s\n`);
    const inRounds = async (label, measureRound) => {
      for (let r = 1; r <= settings.rounds; r++) {
        if (settings.rounds > 1) process.stdout.write(`  ${label}: round ${r} of ${settings.rounds}\n`);
        await measureRound();
      }
    };

    // Baseline: the bare node:http server, the same POST, the same loop.
    const baselineBody = { path: "/", params: { grant_type: "refresh_token", refresh_token: "x".repeat(43), client_id: clientId } };
    await closedLoop(baseline, connections, () => baselineBody, warmupMs);

    // The same rows on the service and on the bare library (its own routes: /token, /token/introspection).
    const servers = [
      { label: "", target: "npm-start", pool: service, client: clientId, token: "/auth/v1/oauth/token", introspection: "/auth/v1/oauth/introspect", codes: (n) => inBatches(n, () => newCode(serviceUrl, ctx.user.cookie, clientId, REDIRECT_URI)) },
      { label: "bare oidc-provider ", target: "oidc-provider", pool: peer, client: peerClientId, token: "/token", introspection: "/token/introspection", codes: (n) => inBatches(n, () => peerCode(peerUrl, peerClientId, REDIRECT_URI)) },
    ];
    const exchange = (server, { code, verifier }, then) => ({ path: server.token, params: { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: server.client }, then });
    for (const server of servers) {
      const pending = await server.codes(Math.min(perRound, connections * 4));
      await closedLoop(server.pool, connections, () => (pending.length ? exchange(server, pending.pop()) : null)); // warm-up
      server.tokens = [];
    }

    // The baseline is measured in every round of every row group (code exchange, refresh,
    // introspection), so each "/ baseline" ratio's sides meet the same stretch of the run.
    const measureBaseline = async () => {
      const base = await withCpu(ctx.pids.baseline, async () => [await closedLoop(baseline, connections, () => baselineBody, durationMs)]);
      add("baseline (node:http)", "baseline", base);
      say("baseline (node:http)", base);
    };

    // Code exchange, in batches of codes so every code is used well inside its 60 s: each
    // round, each server exchanges batches until its share of BENCH_DURATION seconds of
    // exchanging (the duration over the rounds: getting the codes, not exchanging them, is
    // what takes the time).
    await inRounds("baseline and code exchange", async () => {
      await measureBaseline();
      for (const server of servers) {
        process.stdout.write(`  ${server.label}code exchange: batches of ${perRound} codes …\n`);
        const taken = { loops: [], cpuUs: 0, databaseCpuUs: 0 };
        while (taken.loops.reduce((sum, l) => sum + l.elapsedMs, 0) < durationMs / settings.rounds && taken.loops.length < 20) {
          const pending = await server.codes(perRound);
          sumInto(taken, await timed(server, () => (pending.length ? exchange(server, pending.pop(), (res) => res.status === 200 && server.tokens.push(JSON.parse(res.text))) : null)));
        }
        add(`${server.label}token: code exchange`, server.target, taken);
        say(`${server.label}token: code exchange`, taken);
      }
    });

    // Refresh: one rotating chain per connection, per server.
    for (const server of servers) {
      const chains = server.tokens.slice(0, connections).map((t) => t.refresh_token);
      if (chains.length < connections || chains.some((t) => !t)) throw new Error(`${server.label}code exchanges gave ${server.tokens.length} refresh tokens for ${connections} connections`);
      server.refresh = (worker) => ({
        path: server.token,
        params: { grant_type: "refresh_token", refresh_token: chains[worker], client_id: server.client },
        then: (res) => {
          if (res.status === 200) chains[worker] = JSON.parse(res.text).refresh_token;
        },
      });
      await closedLoop(server.pool, connections, server.refresh, warmupMs);
    }
    await inRounds("baseline and refresh", async () => {
      await measureBaseline();
      for (const server of servers) await measure(`${server.label}token: refresh`, server, server.refresh);
    });
    for (const server of servers) say(`${server.label}token: refresh`, rows.get(`${server.label}token: refresh`));

    // Introspection by the token's own (public) client: the service's JWT access token (its
    // middleware answers those), and on both a refresh token (the library's own introspection:
    // the bare library cannot introspect its JWT access tokens).
    // A fresh grant for that: the bare library's in-memory adapter is an LRU of 1,000 entries,
    // which the rounds above have long overflowed.
    const introspections = [];
    for (const server of servers) {
      const [fresh] = await server.codes(1);
      const exchanged = await postForm(server.pool, server.token, exchange(server, fresh).params);
      if (exchanged.status !== 200) throw new Error(`${server.label}code exchange for introspection answered ${exchanged.status}: ${exchanged.text}`);
      const tokens = [
        ...(server.target === "npm-start" ? [{ name: "introspection", token: server.tokens.at(-1).access_token }] : []),
        { name: `${server.label}introspection (refresh token)`, token: JSON.parse(exchanged.text).refresh_token },
      ];
      for (const { name, token } of tokens) {
        const introspect = { path: server.introspection, params: { token, client_id: server.client } };
        const check = await postForm(server.pool, introspect.path, introspect.params);
        if (check.status !== 200 || JSON.parse(check.text).active !== true) throw new Error(`${name} answered ${check.status}: ${check.text}`);
        await closedLoop(server.pool, connections, () => introspect, warmupMs);
        introspections.push({ name, server, introspect });
      }
    }
    await inRounds("baseline and introspection", async () => {
      await measureBaseline();
      for (const { name, server, introspect } of introspections) await measure(name, server, () => introspect);
    });
    for (const { name } of introspections) say(name, rows.get(name));
    const measured = [...rows].map(([name, sum]) => row(name, sum.target, sum.loops, sum.cpuUs, sum.databaseCpuUs));

    await Promise.all([service.close(), peer.close(), baseline.close()]);
    const suite = {
      title: this.title,
      ratios: [
        { name: "code exchange / baseline", numerator: "token: code exchange", denominator: "baseline (node:http)", goal: 0.04 },
        { name: "refresh / baseline", numerator: "token: refresh", denominator: "baseline (node:http)", goal: 0.04 },
        { name: "introspection / baseline", numerator: "introspection", denominator: "baseline (node:http)", goal: 0.29 },
        { name: "code exchange / bare oidc-provider", numerator: "token: code exchange", denominator: "bare oidc-provider token: code exchange", goal: 0.5 },
        { name: "refresh / bare oidc-provider", numerator: "token: refresh", denominator: "bare oidc-provider token: refresh", goal: 0.5 },
        { name: "introspection (refresh token) / bare oidc-provider", numerator: "introspection (refresh token)", denominator: "bare oidc-provider introspection (refresh token)" },
        { name: "bare oidc-provider code exchange / baseline", numerator: "bare oidc-provider token: code exchange", denominator: "baseline (node:http)" },
      ],
    };
    const ratios = computeRatios(suite, measured);
    const hydra = 5100;
    const introspection = measured.find((m) => m.name === "introspection").result.reqPerSecMean;
    const text = [
      formatReport(suite, settings, measured, ratios),
      `introspection / Ory Hydra's published ~${hydra} req/s on 2 cores   ${(introspection / hydra).toFixed(2)}  (a published figure from another machine, not measured here)`,
      `load: ${connections} connections, closed loop in the runner's process (undici Pool); code-exchange rows time only the exchanges (batches of ${perRound} codes)`,
    ].join("\n");
    const clean = measured.every((m) => m.result.non2xx === 0 && m.result.errors === 0);
    return { text, scenarios: measured, ratios, clean };
  },
};
