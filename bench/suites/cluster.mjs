// The same mixed workload through `npm run cluster`'s round-robin front with 1 and with 2
// instances (issue 18), side by side: req/s and p99. On a 2-core machine the load generator,
// the front and the instances share the cores, so the point is no loss and no errors, not a
// speed-up. The clusters share the bench's database and DATA_DIR (so its secrets, and the
// bench user's session and key, are good on every instance) and its BASE_URL (the session
// token's issuer).
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { runLoad } from "../lib/load.mjs";

const SIZES = [1, 2];

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function freePortRun(count) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const free = await Promise.all(Array.from({ length: count + 1 }, (_, i) => portIsFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error("no run of free ports for the cluster");
}

/** Starts `node scripts/cluster.mjs --instances n`; resolves { url, stop } once its front is up. */
async function startCluster(ctx, n) {
  const port = await freePortRun(n);
  const child = spawn(process.execPath, [join(ctx.root, "scripts", "cluster.mjs"), "--instances", String(n)], {
    cwd: ctx.root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: ctx.targets["npm-start"],
      DATABASE_URL: ctx.databaseUrl,
      DATA_DIR: ctx.dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cluster of ${n} did not start within 90 s:\n${output}`)), 90_000);
    child.once("exit", (code) => reject(new Error(`cluster of ${n} exited (${code}):\n${output}`)));
    child.stdout.on("data", () => {
      if (/^cluster: \d+ instances? behind /m.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** What a signed-in dashboard and a CLI do, in turn on every connection. */
function mixedWorkload(ctx) {
  const session = { cookie: ctx.user.cookie };
  return [
    { method: "GET", path: "/api/auth/me", headers: session },
    { method: "GET", path: "/api/v1/balance", headers: { authorization: `Bearer ${ctx.apiKey}` } },
    { method: "GET", path: "/api/tenants/me", headers: session },
    { method: "GET", path: "/api/cli/whoami", headers: { authorization: `Bearer ${ctx.apiKey}` } },
  ];
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

export default {
  name: "cluster",
  title: "a mixed workload (auth/me, balance, tenants/me, cli/whoami) through the cluster's front",
  async run(ctx, settings) {
    const scenarios = [];
    for (const n of SIZES) {
      const cluster = await startCluster(ctx, n);
      try {
        process.stdout.write(`  ${`${n} instance${n === 1 ? "" : "s"}`.padEnd(28)} warm-up ${settings.warmupSeconds} s + ${settings.durationSeconds} s … `);
        const result = await runLoad({
          url: cluster.url,
          requests: mixedWorkload(ctx),
          connections: settings.connections,
          pipelining: 1,
          durationSeconds: settings.durationSeconds,
          warmupSeconds: settings.warmupSeconds,
        });
        process.stdout.write(`${Math.round(result.reqPerSecMean)} req/s\n`);
        scenarios.push({ name: `front, ${n} instance${n === 1 ? "" : "s"}`, instances: n, result });
      } finally {
        await cluster.stop();
      }
    }
    const [one, two] = scenarios;
    const ratio = Math.round((two.result.reqPerSecMean / one.result.reqPerSecMean) * 100) / 100;
    const clean = scenarios.every(({ result: r }) => r.non2xx === 0 && r.errors === 0);
    const lines = [
      "",
      `${this.title}; ${settings.connections} connections`,
      "",
      `  ${"".padEnd(22)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"requests".padStart(9)} ${"non-2xx".padStart(8)} ${"errors".padStart(7)}`,
      ...scenarios.map(({ name, result: r }) => `  ${name.padEnd(22)} ${fmt(r.reqPerSecMean, 0).padStart(8)} ${fmt(r.latencyMs.p50).padStart(8)} ${fmt(r.latencyMs.p99).padStart(8)} ${String(r.requests).padStart(9)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)}`),
      "",
      `${"2 instances / 1 instance (req/s)".padEnd(46)} ${String(ratio).padStart(7)}  (no goal on 2 cores: no loss, no errors)`,
    ];
    return { text: lines.join("\n"), clean, scenarios, ratios: [{ name: "2 instances / 1 instance (req/s)", value: ratio }] };
  },
};
