// What a relay costs on this machine without the service (docs/decisions/091, "On Node 24"):
// the upstream of the connections suite, the two relays of proxy-floor-relay.mjs (the
// service's undici client, and hand-written keep-alive sockets as the floor a purpose-built
// client could reach) and nginx `proxy_pass` when it is on PATH, loaded in turn, ROUNDS times,
// with the connections suite's load (autocannon, 32 connections). Prints each relay's req/s
// and its CPU per request read from /proc (the steadier figure on a shared machine). The
// relays run on the service's Node (scripts/service-node.mjs).
//
//   node bench/tools/proxy-floor.mjs            (ROUNDS=3 DURATION=4 by default)
//   RELAYS=undici,undici-pool,node-http,raw     (the relays of proxy-floor-relay.mjs to load; undici,raw by default)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runLoad } from "../lib/load.mjs";
import { startNginx } from "../lib/nginx.mjs";
import { freePort } from "../lib/ports.mjs";
import { cpuMs, treeCpuMs } from "../lib/process-cpu.mjs";
import { startNodeProcess } from "../lib/servers.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const rounds = Number(process.env.ROUNDS ?? 3);
const durationSeconds = Number(process.env.DURATION ?? 4);
const dir = mkdtempSync(join(tmpdir(), "proxy-floor-"));
const stops = [];
try {
  const upstreamPort = await freePort();
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  const upstream = await startNodeProcess({ name: "upstream", args: [join(ROOT, "bench", "app-upstream-server.mjs")], env: { PORT: String(upstreamPort) }, cwd: ROOT, logDir: dir, readyUrl: `${upstreamUrl}/` });
  stops.push(() => upstream.stop());
  const targets = [];
  for (const relay of (process.env.RELAYS ?? "undici,raw").split(",")) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/api/proxy/supabase/v1/projects`;
    const server = await startNodeProcess({ name: `relay-${relay}`, args: [join(ROOT, "bench", "tools", "proxy-floor-relay.mjs")], env: { PORT: String(port), RELAY: relay, UPSTREAM_URL: upstreamUrl }, cwd: ROOT, logDir: dir, readyUrl: url });
    stops.push(() => server.stop());
    targets.push({ name: `node relay, ${relay}`, url, cpu: () => cpuMs(server.child.pid) });
  }
  const nginx = await startNginx(join(dir, "nginx"), upstreamPort);
  if (nginx) {
    stops.push(() => nginx.stop());
    // Its master's pid file: the master and its one worker are read together.
    const master = Number(readFileSync(join(dir, "nginx", "nginx.pid"), "utf8"));
    targets.push({ name: "nginx proxy_pass", url: `${nginx.url}/v1/projects`, cpu: () => treeCpuMs(master) });
  }
  const expectBody = JSON.stringify({ ok: true, tool: "bench" });
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      const before = target.cpu();
      const result = await runLoad({ url: target.url, headers: { authorization: "Bearer svc_sk_floor" }, connections: 32, pipelining: 1, durationSeconds, warmupSeconds: 2, expectBody });
      const after = target.cpu();
      const served = result.requests + result.warmup.requests;
      const cpu = before === null || after === null ? "n/a" : (((after - before) * 1000) / served).toFixed(1);
      const failed = result.errors + result.non2xx + result.mismatches + result.warmup.errors + result.warmup.non2xx + result.warmup.mismatches;
      console.log(`round ${round}  ${target.name.padEnd(18)} ${String(Math.round(result.reqPerSecMean)).padStart(6)} req/s  ${cpu.padStart(5)} µs/req${failed ? `  failed: ${JSON.stringify({ errors: result.errors, non2xx: result.non2xx, mismatches: result.mismatches, warmup: result.warmup })}` : ""}`);
    }
  }
} finally {
  for (const stop of stops.reverse()) await stop();
  rmSync(dir, { recursive: true, force: true });
}
