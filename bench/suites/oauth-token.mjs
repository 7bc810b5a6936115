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
// - code exchange: rounds of BENCH_TOKEN_CODES_PER_ROUND codes (default 400), each got the way
//   a browser gets one (authorize, the consent page, Approve, the redirect), then all exchanged
//   with PKCE; only the exchanges are timed, until BENCH_DURATION seconds of exchanging.
// - refresh: one grant per connection; each connection refreshes its own chain for the run.
// - introspection: one access token, POST /auth/v1/oauth/introspect by its (public) client.
import { createHash, randomBytes } from "node:crypto";
import { Pool } from "undici";
import { cpuMs } from "../lib/process-cpu.mjs";
import { computeRatios, formatReport } from "../lib/report.mjs";

const REDIRECT_URI = "http://127.0.0.1:9/callback";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const round = (n) => Math.round(n * 1000) / 1000;
const percentile = (sorted, p) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]);

/** A browser's cookies across the authorize redirects (one origin, so no path rules needed). */
class Jar {
  cookies = new Map();
  constructor(initial) {
    for (const part of initial.split(/;\s*/)) this.put(part);
  }
  put(pair) {
    const at = pair.indexOf("=");
    if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  take(headers) {
    for (const line of headers.getSetCookie()) this.put(line.split(";")[0]);
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** One code, as a signed-in person's browser gets it: authorize -> consent -> Approve -> redirect. */
async function newCode(serviceUrl, cookie, clientId) {
  const verifier = randomBytes(32).toString("base64url");
  const authorize = new URL(`${serviceUrl}/auth/v1/oauth/authorize`);
  authorize.search = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: REDIRECT_URI, code_challenge: createHash("sha256").update(verifier).digest("base64url"), code_challenge_method: "S256", state: "bench" }).toString();
  const jar = new Jar(cookie);
  let url = authorize.href;
  let init = {};
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { ...init, redirect: "manual", headers: { ...init.headers, cookie: jar.header() } });
    jar.take(res.headers);
    await res.arrayBuffer();
    const location = res.headers.get("location");
    if (!location) throw new Error(`authorize stopped at ${url}: ${res.status}`);
    const next = new URL(location, url);
    if (next.href.startsWith(REDIRECT_URI)) return { code: next.searchParams.get("code"), verifier };
    const consent = /^\/oauth\/consent\/([^/]+)$/.exec(next.pathname);
    if (consent) {
      url = `${serviceUrl}/auth/v1/oauth/interaction/${consent[1]}/approve`;
      init = { method: "POST", headers: { origin: serviceUrl } };
    } else {
      url = next.href;
      init = {};
    }
  }
  throw new Error("authorize: too many redirects");
}

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
function row(name, target, loops, cpuUs) {
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
      non2xx,
      errors: loops.reduce((sum, l) => sum + l.errors, 0),
      mismatches: 0,
      statusCodes,
    },
  };
}

/** Runs `measure` and returns its loops and the server's CPU (µs) spent meanwhile. */
async function withCpu(pid, measure) {
  const before = cpuMs(pid);
  const loops = await measure();
  const after = cpuMs(pid);
  return { loops, cpuUs: before === null || after === null ? null : (after - before) * 1000 };
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
    const { clientId } = ctx;
    const connections = settings.connections;
    const perRound = Number(process.env.BENCH_TOKEN_CODES_PER_ROUND ?? 400);
    const service = new Pool(serviceUrl, { connections, pipelining: 1 });
    const baseline = new Pool(ctx.targets.baseline, { connections, pipelining: 1 });
    const servicePid = ctx.pids["npm-start"];
    const durationMs = settings.durationSeconds * 1000;
    const warmupMs = settings.warmupSeconds * 1000;
    const exchange = ({ code, verifier }, then) => ({ path: "/auth/v1/oauth/token", params: { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId }, then });
    const codes = async (n) => {
      const got = [];
      for (let i = 0; i < n; i += 8) got.push(...(await Promise.all(Array.from({ length: Math.min(8, n - i) }, () => newCode(serviceUrl, ctx.user.cookie, clientId)))));
      return got;
    };
    const measured = [];

    // Baseline: the bare node:http server, the same POST, the same loop.
    const baselineBody = { path: "/", params: { grant_type: "refresh_token", refresh_token: "x".repeat(43), client_id: clientId } };
    await closedLoop(baseline, connections, () => baselineBody, warmupMs);
    const base = await withCpu(ctx.pids.baseline, async () => [await closedLoop(baseline, connections, () => baselineBody, durationMs)]);
    measured.push(row("baseline (node:http)", "baseline", base.loops, base.cpuUs));
    process.stdout.write(`  baseline ${Math.round(measured.at(-1).result.reqPerSecMean)} req/s\n`);

    // Code exchange, in rounds so every code is used well inside its 60 s.
    process.stdout.write(`  code exchange: rounds of ${perRound} codes …\n`);
    let pending = await codes(Math.min(perRound, connections * 4));
    await closedLoop(service, connections, () => (pending.length ? exchange(pending.pop()) : null)); // warm-up
    const exchangeLoops = [];
    let exchangeCpuUs = 0;
    let tokens = [];
    while (exchangeLoops.reduce((sum, l) => sum + l.elapsedMs, 0) < durationMs && exchangeLoops.length < 20) {
      pending = await codes(perRound);
      const measuredRound = await withCpu(servicePid, async () => [await closedLoop(service, connections, () => (pending.length ? exchange(pending.pop(), (res) => res.status === 200 && tokens.push(JSON.parse(res.text))) : null))]);
      exchangeLoops.push(...measuredRound.loops);
      exchangeCpuUs = measuredRound.cpuUs === null || exchangeCpuUs === null ? null : exchangeCpuUs + measuredRound.cpuUs;
    }
    measured.push(row("token: code exchange", "npm-start", exchangeLoops, exchangeCpuUs));
    process.stdout.write(`  code exchange ${Math.round(measured.at(-1).result.reqPerSecMean)} req/s\n`);

    // Refresh: one rotating chain per connection.
    const chains = tokens.slice(0, connections).map((t) => t.refresh_token);
    if (chains.length < connections || chains.some((t) => !t)) throw new Error(`the code exchanges gave ${chains.filter(Boolean).length} refresh tokens for ${connections} connections`);
    const refresh = (worker) => ({
      path: "/auth/v1/oauth/token",
      params: { grant_type: "refresh_token", refresh_token: chains[worker], client_id: clientId },
      then: (res) => {
        if (res.status === 200) chains[worker] = JSON.parse(res.text).refresh_token;
      },
    });
    await closedLoop(service, connections, refresh, warmupMs);
    const refreshed = await withCpu(servicePid, async () => [await closedLoop(service, connections, refresh, durationMs)]);
    measured.push(row("token: refresh", "npm-start", refreshed.loops, refreshed.cpuUs));
    process.stdout.write(`  refresh ${Math.round(measured.at(-1).result.reqPerSecMean)} req/s\n`);

    // Introspection of one live access token by its own (public) client.
    const accessToken = tokens.at(-1).access_token;
    const introspect = { path: "/auth/v1/oauth/introspect", params: { token: accessToken, client_id: clientId } };
    const check = await postForm(service, introspect.path, introspect.params);
    if (check.status !== 200 || JSON.parse(check.text).active !== true) throw new Error(`introspection answered ${check.status}: ${check.text}`);
    await closedLoop(service, connections, () => introspect, warmupMs);
    const introspected = await withCpu(servicePid, async () => [await closedLoop(service, connections, () => introspect, durationMs)]);
    measured.push(row("introspection", "npm-start", introspected.loops, introspected.cpuUs));
    process.stdout.write(`  introspection ${Math.round(measured.at(-1).result.reqPerSecMean)} req/s\n`);

    await Promise.all([service.close(), baseline.close()]);
    const suite = {
      title: this.title,
      ratios: [
        { name: "code exchange / baseline", numerator: "token: code exchange", denominator: "baseline (node:http)" },
        { name: "refresh / baseline", numerator: "token: refresh", denominator: "baseline (node:http)" },
        { name: "introspection / baseline", numerator: "introspection", denominator: "baseline (node:http)" },
      ],
    };
    const ratios = computeRatios(suite, measured);
    const hydra = 5100;
    const introspection = measured.at(-1).result.reqPerSecMean;
    const text = [
      formatReport(suite, settings, measured, ratios),
      `introspection / Ory Hydra's published ~${hydra} req/s on 2 cores   ${(introspection / hydra).toFixed(2)}  (a published figure from another machine, not measured here)`,
      `load: ${connections} connections, closed loop in the runner's process (undici Pool); code-exchange rows time only the exchanges (${exchangeLoops.length} rounds of ${perRound})`,
    ].join("\n");
    const clean = measured.every((m) => m.result.non2xx === 0 && m.result.errors === 0);
    return { text, scenarios: measured, ratios, clean };
  },
};
