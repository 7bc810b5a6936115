// `npm run bench` (builds first): starts the service (`node scripts/start.mjs`), the stock
// `remix-serve` on the same build and a bare node:http baseline side by side, against one
// throwaway embedded PostgreSQL, then loads each suite's scenarios with autocannon and prints
// req/s, p50/p99 latency and the goal ratios, saving them as JSON under bench/results/.
//
// Settings: BENCH_DURATION or --duration N (seconds per measured run, default 10),
// BENCH_WARMUP (default 2), BENCH_CONNECTIONS (default 32), BENCH_PIPELINING (default 1),
// BENCH_SUITE or --suite NAME[,NAME…] (default: all suites), BENCH_CPU_PROF=<dir> (profile the service),
// --filled or BENCH_FILLED=1 (20,000 accounts and their rows in the tables first, lib/fill.mjs),
// --check (every suite briefly, filled, then issue 30's goals: exit 1 naming each one missed).
// The peers (issue 30) run beside the service: better-auth and the bare oidc-provider (lib/peers.mjs).
// Exit status: 0 when every scenario ran clean, whatever the ratios (with --check: and every
// goal of lib/goals.mjs was met); 1 on a harness failure (a server that does not start, a wrong
// response before the load) or when a run saw non-2xx answers, connection errors or
// mismatched bodies (the figures are then still saved).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { isDeepStrictEqual, parseArgs } from "node:util";
import authMe from "./suites/auth-me.mjs";
import balance from "./suites/balance.mjs";
import uploadFlood from "./suites/upload-flood.mjs";
import appProxy from "./suites/app-proxy.mjs";
import cliStartup from "./suites/cli-startup.mjs";
import connections from "./suites/connections.mjs";
import webhooks from "./suites/webhooks.mjs";
import cluster from "./suites/cluster.mjs";
import oauthToken from "./suites/oauth-token.mjs";
import totpSignIn from "./suites/totp-sign-in.mjs";
import auditLog from "./suites/audit-log.mjs";
import signIn from "./suites/sign-in.mjs";
import soak from "./suites/soak.mjs";
import { fillBetterAuth, fillService, FILL_ACCOUNTS } from "./lib/fill.mjs";
import { checkGoals } from "./lib/goals.mjs";
import { startPeers } from "./lib/peers.mjs";
import { rssMb, sampleRss } from "./lib/process-memory.mjs";
import { runLoad } from "./lib/load.mjs";
import { freePort } from "./lib/ports.mjs";
import { computeRatios, filledOverEmpty, formatReport, saveResults } from "./lib/report.mjs";
import { combineRounds } from "./lib/rounds.mjs";
import { SERVICE_NODE_FLAGS, withServiceAllocator } from "../scripts/service-node.mjs";
import { startNodeProcess, startPostgres } from "./lib/servers.mjs";
import { cpuMs, treeCpuMs } from "./lib/process-cpu.mjs";
import { enableStatementStats, statementStatsReport } from "./lib/statement-stats.mjs";

/** Add a suite here (see suites/auth-me.mjs for the shape). */
const SUITES = [authMe, signIn, balance, uploadFlood, appProxy, oauthToken, connections, webhooks, cluster, totpSignIn, auditLog, cliStartup, soak];

const ROOT = resolve(import.meta.dirname, "..");
const RESULTS_DIR = join(ROOT, "bench", "results");
const BENCH_EMAIL = "bench@example.com";
const BENCH_PASSWORD = "correct horse battery staple";

function positiveNumber(name, raw, fallback) {
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return n;
}

/** BENCH_FILLED / --filled: "1"/"true" on, "0"/"false" off, unset: the mode's default. */
function filledSetting(flag, raw, fallback) {
  if (flag) return true;
  if (raw === undefined || raw === "") return fallback;
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new Error(`BENCH_FILLED must be 1 or 0, got "${raw}"`);
}

function readSettings() {
  const { values } = parseArgs({
    options: { duration: { type: "string" }, suite: { type: "string" }, check: { type: "boolean" }, filled: { type: "boolean" } },
    allowPositionals: false,
  });
  const check = values.check === true;
  // --check runs every suite briefly: short runs unless told otherwise, the tables filled.
  const settings = {
    durationSeconds: positiveNumber("duration", values.duration ?? process.env.BENCH_DURATION, check ? 2 : 10),
    warmupSeconds: positiveNumber("BENCH_WARMUP", process.env.BENCH_WARMUP, check ? 1 : 2),
    connections: positiveNumber("BENCH_CONNECTIONS", process.env.BENCH_CONNECTIONS, 32),
    pipelining: positiveNumber("BENCH_PIPELINING", process.env.BENCH_PIPELINING, 1),
    // --check's runs are short: three interleaved rounds of each (lib/rounds.mjs).
    rounds: positiveNumber("BENCH_ROUNDS", process.env.BENCH_ROUNDS, check ? 3 : 1),
    filled: filledSetting(values.filled, process.env.BENCH_FILLED, check),
    check,
  };
  if (settings.durationSeconds < 1) throw new Error("duration must be at least 1 second");
  if (!Number.isInteger(settings.rounds) || settings.rounds < 1) throw new Error(`BENCH_ROUNDS must be a whole number of at least 1, got "${settings.rounds}"`);
  const suiteName = values.suite ?? process.env.BENCH_SUITE;
  // One suite, or several separated by commas (run in the usual order).
  const names = suiteName ? suiteName.split(",").map((name) => name.trim()) : null;
  const unknown = names?.filter((name) => !SUITES.some((s) => s.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`unknown suite "${unknown.join(", ")}" (have: ${SUITES.map((s) => s.name).join(", ")})`);
  const suites = names ? SUITES.filter((s) => names.includes(s.name)) : SUITES;
  return { settings, suites };
}

/** Where a suite's report is kept beside the others, for --check's goals. */
const reports = new Map();
/** The suites chosen (--suite), whose goals --check holds the run to. */
let selected = [];
/** --check measures these on empty tables too, before filling them: their reports by suite name. */
const EMPTY_PASS_SUITES = ["auth-me", "sign-in", "oauth-token"];
const emptyReports = new Map();

function remixServeCli() {
  const dir = join(ROOT, "node_modules", "@remix-run", "serve");
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const bin = typeof pkg.bin === "string" ? pkg.bin : pkg.bin["remix-serve"];
  return join(dir, bin);
}

/** The secrets the service generated into DATA_DIR on its first start, for remix-serve. */
function readServiceSecrets(dataDir) {
  const file = join(dataDir, "secrets.env");
  if (!existsSync(file)) throw new Error(`the service wrote no ${file}`);
  const secrets = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match && match[1] !== "EMBEDDED_POSTGRES_PASSWORD") secrets[match[1]] = match[2];
  }
  for (const name of ["IDENTITY_SIGNING_KEY", "SESSION_SECRET", "INTEGRATION_ENCRYPTION_KEY"]) {
    if (!secrets[name]) throw new Error(`${file} has no ${name}`);
  }
  return secrets;
}

/** Signs up through the dashboard's HTML form, as a browser would; returns the session cookie. */
async function signUp(baseUrl, email, password) {
  const res = await fetch(`${baseUrl}/signup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const text = await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair.startsWith("svc_session=") && pair.length > "svc_session=".length);
  if (res.status !== 302 || !cookie) throw new Error(`sign-up through POST /signup failed: HTTP ${res.status}, no session cookie\n${text.slice(0, 500)}`);
  const me = await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie } });
  const body = await me.json().catch(() => null);
  if (me.status !== 200 || body?.loggedIn !== true || body.email !== email) {
    throw new Error(`after sign-up, GET /api/auth/me with the session cookie answered ${me.status} ${JSON.stringify(body)}`);
  }
  return { email, password, cookie, userId: body.userId };
}

/** The access token inside a dashboard session cookie (`svc_session=<token>~<refresh>`). */
const accessTokenOf = (cookie) => decodeURIComponent(cookie.slice("svc_session=".length)).split("~")[0];

/**
 * What the balance suite needs: a workspace (with its welcome credits), a CLI key issued the
 * way `svc login` gets one (the bench user is the first account, hence administrator), the
 * session's access token as the identity token, and the balance body both should answer.
 */
async function workspaceCredentials(baseUrl, user) {
  const created = await fetch(`${baseUrl}/api/tenants`, {
    method: "POST",
    headers: { cookie: user.cookie, "content-type": "application/json" },
    body: JSON.stringify({ name: "Bench", slug: "bench-workspace" }),
  });
  if (created.status !== 201) throw new Error(`POST /api/tenants answered ${created.status}: ${await created.text()}`);
  const issued = await fetch(`${baseUrl}/api/dev/personal-key`, {
    method: "POST",
    headers: { cookie: user.cookie, "content-type": "application/json" },
    body: "{}",
  });
  const key = await issued.json();
  if (issued.status !== 200 || !key.apiKey) throw new Error(`POST /api/dev/personal-key answered ${issued.status}: ${JSON.stringify(key)}`);
  const accessToken = accessTokenOf(user.cookie);
  const balanceRes = await fetch(`${baseUrl}/api/v1/balance`, { headers: { authorization: `Bearer ${key.apiKey}` } });
  const balance = await balanceRes.json();
  if (balanceRes.status !== 200) throw new Error(`GET /api/v1/balance answered ${balanceRes.status}: ${JSON.stringify(balance)}`);
  return { apiKey: key.apiKey, accessToken, balance };
}

/** One request per scenario before any load: right status, JSON, and exactly the expected body. */
/** One request with node:http (fetch will not send a chosen Host header, the app-proxy needs one). */
function httpGet(url, method, headers, body) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest({ hostname: target.hostname, port: target.port, path: target.pathname + target.search, method, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: { get: (name) => res.headers[name.toLowerCase()] ?? null }, text: async () => text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function precheck(scenario, url, headers, expected, body) {
  const res = await httpGet(url, scenario.method ?? "GET", headers, body);
  const text = await res.text();
  const where = `scenario "${scenario.name}" (${scenario.method ?? "GET"} ${url})`;
  if (res.status !== 200) throw new Error(`${where}: expected HTTP 200, got ${res.status}: ${text.slice(0, 300)}`);
  if (!(res.headers.get("content-type") ?? "").includes("application/json")) {
    throw new Error(`${where}: expected a JSON response, got content-type ${res.headers.get("content-type")}`);
  }
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${where}: response is not valid JSON: ${text.slice(0, 300)}`);
  }
  // A scenario whose answer differs each time (a new session per sign-in) checks its shape
  // instead (`expectShape` returns what is wrong, or null), and the load checks statuses only.
  if (scenario.expectShape) {
    const problem = scenario.expectShape(json, expected);
    if (problem) throw new Error(`${where}: wrong response body (${problem}): ${text.slice(0, 300)}`);
    return undefined;
  }
  if (!isDeepStrictEqual(json, expected)) {
    throw new Error(`${where}: wrong response body\n  expected ${JSON.stringify(expected)}\n  got      ${text.slice(0, 300)}`);
  }
  return text;
}

function machine(loadBefore) {
  return {
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    loadavgBefore: loadBefore.map((n) => Math.round(n * 100) / 100),
    loadavgAfter: loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

/** A suite that measures something other than throughput runs itself and reports its own table. */
async function runCustomSuite(suite, settings, ctx) {
  const startedAt = new Date().toISOString();
  const loadBefore = loadavg();
  const outcome = await suite.run(ctx, settings);
  console.log(outcome.text);
  const report = { suite: suite.name, title: suite.title, startedAt, finishedAt: new Date().toISOString(), settings, machine: machine(loadBefore), scenarios: outcome.scenarios, ratios: outcome.ratios, clean: outcome.clean };
  reports.set(suite.name, report);
  printFilledOverEmpty(report);
  const [file] = saveResults(RESULTS_DIR, suite.name, report);
  console.log(`\nsaved ${file} (and latest-${suite.name}.json)`);
  if (!outcome.clean) console.error(`\nnot clean: ${suite.name} saw failed requests`);
  return outcome.clean;
}

/** Each scenario's req/s and each ratio beside the last run of the suite on the other kind of tables. */
function printFilledOverEmpty(report) {
  const lines = filledOverEmpty(RESULTS_DIR, report);
  if (lines.length > 0) console.log(["", ...lines].join("\n"));
}

async function runSuite(suite, settings, baseCtx) {
  const ctx = { ...baseCtx, ...((await suite.prepare?.(baseCtx)) ?? {}) };
  if (suite.run) return runCustomSuite(suite, settings, ctx);
  const startedAt = new Date().toISOString();
  const loadBefore = loadavg();

  // Every scenario is checked before the first measurement, so a wrong answer aborts early.
  const plans = [];
  for (const note of ctx.notes ?? []) console.log(`  note: ${note}`);
  for (const scenario of suite.scenarios) {
    const base = ctx.targets[scenario.target];
    if (!base && scenario.optional) continue;
    if (!base) throw new Error(`scenario "${scenario.name}": unknown target "${scenario.target}"`);
    const url = `${base}${scenario.path}`;
    const headers = scenario.headers?.(ctx) ?? {};
    const body = scenario.body?.(ctx);
    const expectBody = await precheck(scenario, url, headers, scenario.expect(ctx), body);
    plans.push({ scenario, url, headers, body, expectBody });
  }

  // Interleaved rounds (lib/rounds.mjs): every scenario once, then every scenario again.
  const rounds = plans.map(() => []);
  for (let round = 1; round <= settings.rounds; round++) {
    if (settings.rounds > 1) console.log(`  round ${round} of ${settings.rounds}`);
    for (const [index, plan] of plans.entries()) rounds[index].push(await measurePlan(plan, ctx, settings));
  }
  const measured = plans.map(({ scenario, headers }, index) => ({ name: scenario.name, target: scenario.target, method: scenario.method ?? "GET", path: scenario.path, requestHeaders: Object.keys(headers), result: combineRounds(rounds[index]) }));

  const ratios = computeRatios(suite, measured);
  const dirty = measured.filter(({ result: r }) => r.non2xx > 0 || r.errors > 0 || r.mismatches > 0);
  console.log(formatReport(suite, settings, measured, ratios));
  for (const note of suite.footnotes?.(ctx, measured) ?? []) console.log(note);
  const report = {
    suite: suite.name,
    title: suite.title,
    startedAt,
    finishedAt: new Date().toISOString(),
    settings,
    machine: machine(loadBefore),
    loadGenerator: "autocannon in a separate Node process (bench/lib/load-worker.mjs)",
    scenarios: measured,
    ratios,
    // Each server's RSS before any load (the per-scenario readings are in each result's rssMb).
    restingRssMb: ctx.restingRssMb,
    clean: dirty.length === 0,
  };
  reports.set(suite.name, report);
  printFilledOverEmpty(report);
  const [file] = saveResults(RESULTS_DIR, suite.name, report);
  console.log(`\nsaved ${file} (and latest-${suite.name}.json)`);
  await ctx.cleanup?.();
  if (dirty.length > 0) {
    console.error(`\nnot clean: ${dirty.map((m) => `${m.name} (non-2xx ${m.result.non2xx}, errors ${m.result.errors}, mismatches ${m.result.mismatches})`).join("; ")}`);
  }
  return dirty.length === 0;
}

/** One measured run of a checked scenario: its load, and the server's CPU per request and memory meanwhile. */
async function measurePlan({ scenario, url, headers, body, expectBody }, ctx, settings) {
  process.stdout.write(`  ${scenario.name.padEnd(28)} warm-up ${settings.warmupSeconds} s + ${settings.durationSeconds} s … `);
  const pid = ctx.pids?.[scenario.target];
  const cpuBefore = cpuMs(pid);
  const databaseBefore = treeCpuMs(ctx.postgresPid);
  const memory = sampleRss(pid);
  const result = await runLoad({
    url,
    method: scenario.method ?? "GET",
    headers,
    ...(body !== undefined ? { body } : {}),
    // A scenario of slow requests (a password hash each) may ask for fewer connections.
    connections: Math.min(settings.connections, scenario.connections ?? Infinity),
    pipelining: settings.pipelining,
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
    expectBody,
    settleMs: scenario.settleMs ?? 0,
  });
  // The server's CPU over warm-up and measured run, per response of both.
  const cpuAfter = cpuMs(pid);
  const databaseAfter = treeCpuMs(ctx.postgresPid);
  // The server's resident memory just before the load and at its highest during it.
  const { idleMb, peakMb } = memory.stop();
  result.rssMb = { before: idleMb, peak: peakMb };
  const served = result.requests + (result.warmup?.requests ?? 0);
  // Unknown when a reading failed, or when it went down: a process of the tree exited meanwhile, taking its CPU with it.
  const perServed = (before, after) => (before !== null && after !== null && after >= before && served > 0 ? Math.round(((after - before) * 1000 * 10) / served) / 10 : null);
  result.serverCpuUsPerRequest = perServed(cpuBefore, cpuAfter);
  // PostgreSQL's share (every backend and its writers, whichever server sent the statements).
  result.databaseCpuUsPerRequest = perServed(databaseBefore, databaseAfter);
  process.stdout.write(`${Math.round(result.reqPerSecMean)} req/s\n`);
  return result;
}

/** The exit status: 1 when a run was not clean or, with --check, when a goal was missed. */
function finish(settings, clean) {
  if (!settings.check) return clean ? 0 : 1;
  const { text, missed } = checkGoals(reports, selected, emptyReports);
  console.log(text);
  if (missed.length > 0) console.error(`\n--check: ${missed.length} goal${missed.length === 1 ? "" : "s"} missed: ${missed.join("; ")}`);
  return clean && missed.length === 0 ? 0 : 1;
}

async function main() {
  const { settings, suites } = readSettings();
  selected = suites.map((suite) => suite.name);
  if (!existsSync(join(ROOT, "build", "index.js"))) throw new Error("build/index.js is missing: run `npm run build` first (`npm run bench` does).");

  // Suites that need no server (cli-startup) run without starting any when chosen alone.
  if (suites.every((suite) => suite.standalone)) {
    let clean = true;
    for (const suite of suites) {
      console.log(`\nsuite ${suite.name}`);
      clean = (await runCustomSuite(suite, settings, { root: ROOT })) && clean;
    }
    return finish(settings, clean);
  }

  const tmpRoot = mkdtempSync(join(tmpdir(), "svc-bench-"));
  const dataDir = join(tmpRoot, "data");
  const logDir = join(tmpRoot, "logs");
  const cleanups = [];
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const fn of cleanups.reverse()) await fn().catch((e) => console.error(`cleanup: ${e?.message ?? e}`));
    rmSync(tmpRoot, { recursive: true, force: true });
  };
  // If the process goes down some other way (a signal), at least leave no temp files.
  process.once("exit", () => rmSync(tmpRoot, { recursive: true, force: true }));
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping servers`);
      cleanup().finally(() => process.exit(130));
    });
  }

  const servers = [];
  try {
    console.log("starting embedded PostgreSQL …");
    const db = await startPostgres({ dir: join(tmpRoot, "postgres"), database: "svc_bench" });
    cleanups.push(() => db.stop());

    const [servicePort, remixPort, baselinePort, jwtBaselinePort, metricsServicePort, twinServicePort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
    const metricsServiceUrl = `http://127.0.0.1:${metricsServicePort}`;
    const twinServiceUrl = `http://127.0.0.1:${twinServicePort}`;
    const jwtBaselineUrl = `http://127.0.0.1:${jwtBaselinePort}`;
    const serviceUrl = `http://127.0.0.1:${servicePort}`;
    const remixUrl = `http://127.0.0.1:${remixPort}`;
    const baselineUrl = `http://127.0.0.1:${baselinePort}`;
    // Shared by both servers: one deployment, one database, one data dir, one public URL.
    const shared = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      BASE_URL: serviceUrl,
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    };

    console.log("starting the service (node scripts/start.mjs) …");
    const service = await startNodeProcess({
      name: "npm-start",
      // BENCH_CPU_PROF=<dir>: the service writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
      args: [...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`] : []), ...SERVICE_NODE_FLAGS, ...(process.env.BENCH_SERVICE_NODE_ARGS ? process.env.BENCH_SERVICE_NODE_ARGS.split(" ") : []), "scripts/start.mjs"],
      // Sign-in limits lifted so the upload-flood suite's every wrong password reaches a hash;
      // sign-up's so the totp-sign-in suite can enrol its people from one address.
      env: withServiceAllocator({ ...shared, ...(process.env.BENCH_SERVICE_ENV ? Object.fromEntries(process.env.BENCH_SERVICE_ENV.split(" ").map((kv) => kv.split("="))) : {}), PORT: String(servicePort), SIGNIN_RATE_LIMIT_PER_ACCOUNT: "100000000", SIGNIN_RATE_LIMIT_PER_ADDRESS: "100000000", SIGNUP_RATE_LIMIT_PER_ADDRESS: "100000000" }),
      cwd: ROOT,
      logDir,
      readyUrl: `${serviceUrl}/api/auth/me`,
    });
    servers.push(service);
    cleanups.push(() => service.stop());

    const user = await signUp(serviceUrl, BENCH_EMAIL, BENCH_PASSWORD);
    console.log(`signed up ${user.email} (${user.userId})`);
    const credentials = await workspaceCredentials(serviceUrl, user);
    // With --check the hot paths are measured on the empty tables first, in this same run (below).
    const emptyFirst = settings.filled && settings.check && suites.some((suite) => EMPTY_PASS_SUITES.includes(suite.name));
    const fillServiceTables = async () => {
      const took = await fillService(db.url, user);
      console.log(`filled the service's tables: ${FILL_ACCOUNTS} accounts with sessions, workspaces, keys and OAuth grants (${took} ms)`);
    };
    if (settings.filled && !emptyFirst) await fillServiceTables();

    console.log("starting the peers (better-auth, bare oidc-provider) …");
    const peers = await startPeers({ root: ROOT, logDir, databaseUrl: db.url, user, servers, cleanups });
    console.log(`better-auth hashes with node:crypto scrypt N=${peers.scrypt.N} r=${peers.scrypt.r} p=${peers.scrypt.p}, the service's parameters`);
    const fillPeerTables = async () => {
      const took = await fillBetterAuth(peers.betterAuth.databaseUrl, peers.betterAuth);
      console.log(`filled better-auth's tables: ${FILL_ACCOUNTS} users with credentials and sessions (${took} ms)`);
    };
    if (settings.filled && !emptyFirst) await fillPeerTables();

    console.log("starting remix-serve and the baseline …");
    const [remix, baseline] = await Promise.all([
      startNodeProcess({
        name: "remix-serve",
        args: [remixServeCli(), "build/index.js"],
        env: { ...shared, ...readServiceSecrets(dataDir), PORT: String(remixPort) },
        cwd: ROOT,
        logDir,
        readyUrl: `${remixUrl}/api/auth/me`,
        // remix-serve closes its HTTP server on SIGTERM but its DB pool keeps it alive.
        stopTimeoutMs: 3_000,
      }).then((p) => (servers.push(p), cleanups.push(() => p.stop()), p)),
      // The same service with its metrics on (METRICS_TOKEN), to price recording them, and its
      // twin with them off: the two live the same life (started together, the same requests
      // before any load, idle while npm-start serves the other suites), so "metrics on / off"
      // differs only by the metrics (ADR 099).
      ...[
        ["npm-start-metrics", metricsServicePort, { METRICS_TOKEN: "bench-metrics-token-0123456789" }],
        ["npm-start-twin", twinServicePort, {}],
      ].map(([name, port, metrics]) =>
        startNodeProcess({
          name,
          args: [...SERVICE_NODE_FLAGS, "scripts/start.mjs"],
          env: withServiceAllocator({ ...shared, PORT: String(port), ...metrics, SIGNIN_RATE_LIMIT_PER_ACCOUNT: "100000000", SIGNIN_RATE_LIMIT_PER_ADDRESS: "100000000" }),
          cwd: ROOT,
          logDir,
          readyUrl: `http://127.0.0.1:${port}/api/auth/me`,
        }).then((p) => (servers.push(p), cleanups.push(() => p.stop()), p)),
      ),
      startNodeProcess({
        name: "baseline",
        args: [join(ROOT, "bench", "baseline-server.mjs")],
        env: { PORT: String(baselinePort), HOST: "127.0.0.1", USER_ID: user.userId, EMAIL: user.email, BALANCE_JSON: JSON.stringify(credentials.balance) },
        cwd: ROOT,
        logDir,
        readyUrl: `${baselineUrl}/api/auth/me`,
      }).then((p) => (servers.push(p), cleanups.push(() => p.stop()), p)),
      startNodeProcess({
        name: "jwt-baseline",
        args: [join(ROOT, "bench", "jwt-baseline-server.mjs")],
        env: {
          PORT: String(jwtBaselinePort),
          HOST: "127.0.0.1",
          JWKS_URL: `${serviceUrl}/auth/v1/.well-known/jwks.json`,
          ISSUER: `${serviceUrl}/auth/v1`,
          BALANCE_JSON: JSON.stringify(credentials.balance),
        },
        cwd: ROOT,
        logDir,
        readyStatus: 401,
        readyUrl: `${jwtBaselineUrl}/api/v1/balance`,
      }).then((p) => (servers.push(p), cleanups.push(() => p.stop()), p)),
    ]);
    void remix;
    void baseline;
    // The metrics-on process and its twin get npm-start's history before any load (a sign-up
    // through the form, a workspace, a key, a balance call): a process that served only
    // /api/auth/me ran faster for that alone (ADR 092).
    for (const [name, url] of [["metrics", metricsServiceUrl], ["twin", twinServiceUrl]]) {
      const person = await signUp(url, `${name}-${BENCH_EMAIL}`, BENCH_PASSWORD);
      for (const [path, init] of [
        ["/api/tenants", { method: "POST", headers: { cookie: person.cookie, "content-type": "application/json" }, body: JSON.stringify({ name: "Bench", slug: `bench-${name}` }) }],
        ["/api/tenants/me", { headers: { cookie: person.cookie } }],
        ["/api/v1/balance", { headers: { authorization: `Bearer ${accessTokenOf(person.cookie)}` } }],
      ]) {
        const res = await fetch(`${url}${path}`, init);
        if (res.status >= 300) throw new Error(`${name} process: ${path} answered ${res.status}: ${await res.text()}`);
      }
    }
    // Every server's resident memory at rest, started and signed into, before any load.
    const restingRssMb = Object.fromEntries(servers.map((server) => [server.name, rssMb(server.child.pid)]));
    console.log(`resident memory at rest (MB): ${Object.entries(restingRssMb).map(([name, mb]) => `${name} ${mb ?? "n/a"}`).join(", ")}`);

    const ctx = {
      root: ROOT,
      tmpRoot,
      logDir,
      dataDir,
      databaseUrl: db.url,
      postgresPid: db.pid(),
      user,
      ...credentials,
      betterAuth: peers.betterAuth,
      restingRssMb,
      scrypt: peers.scrypt,
      // Each target's process, for the server-CPU-per-request column (targets a suite adds have none).
      pids: Object.fromEntries(servers.map((server) => [server.name, server.child.pid])),
      targets: { baseline: baselineUrl, "jwt-baseline": jwtBaselineUrl, "npm-start": serviceUrl, "npm-start-metrics": metricsServiceUrl, "npm-start-twin": twinServiceUrl, "remix-serve": remixUrl, ...peers.targets },
    };
    let clean = true;
    await enableStatementStats(db.url);
    if (emptyFirst) {
      // Issue 30: no ratio may fall by more than 10 % from empty tables to filled ones. Both
      // are measured in this run, the same processes and machine, the empty ones first.
      for (const suite of suites.filter((s) => EMPTY_PASS_SUITES.includes(s.name))) {
        console.log(`\nsuite ${suite.name} (empty tables)`);
        clean = (await runSuite(suite, { ...settings, filled: false }, ctx)) && clean;
        emptyReports.set(suite.name, reports.get(suite.name));
        reports.delete(suite.name);
      }
      await fillServiceTables();
      await fillPeerTables();
    }
    for (const suite of suites) {
      console.log(`\nsuite ${suite.name}${suite.scenarios ? `: ${suite.scenarios.length} scenarios` : ""}`);
      clean = (await runSuite(suite, settings, ctx)) && clean;
    }
    console.log(await statementStatsReport(db.url));
    for (const s of servers) {
      if (s.child.exitCode !== null || s.child.signalCode !== null) {
        clean = false;
        console.error(`${s.name} exited during the run:\n${s.log()}`);
      }
    }
    return finish(settings, clean);
  } catch (error) {
    console.error(`\nbench failed: ${error?.message ?? error}`);
    for (const s of servers) {
      const log = s.log().trim();
      if (log) console.error(`\n--- ${s.name} log (tail) ---\n${log}`);
    }
    return 1;
  } finally {
    await cleanup();
  }
}

const code = await main().catch((error) => {
  console.error(`bench failed: ${error?.message ?? error}`);
  return 1;
});
// Explicitly: embedded-postgres's exit hook calls process.exit(0) on beforeExit, which would
// override process.exitCode.
process.exit(code);
