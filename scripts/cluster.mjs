// `npm run cluster -- --instances N`: several instances on one machine, as production runs
// them behind a load balancer (docs/deploy.md). One PostgreSQL (the embedded one under
// DATA_DIR/postgres, or DATABASE_URL), one set of secrets (DATA_DIR/secrets.env), N instances
// on 127.0.0.1:PORT+1 ... PORT+N, and a round-robin front on HOST:PORT
// (scripts/cluster-front.mjs). Ctrl-C drains and stops them all.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { startFront } from "./cluster-front.mjs";
import { serviceCommand } from "./service-node.mjs";

const usage = "usage: npm run cluster -- [--instances N]   (N from 1 to 16, default 3)";

function fail(message) {
  process.stderr.write(`cluster: ${message}\n`);
  process.exit(1);
}
const say = (line) => process.stdout.write(`cluster: ${line}\n`);

let parsed;
try {
  parsed = parseArgs({ options: { instances: { type: "string", default: "3" } } });
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
}
const count = /^\d{1,2}$/.test(parsed.values.instances) ? Number(parsed.values.instances) : NaN;
if (!(count >= 1 && count <= 16)) fail(`--instances takes a whole number from 1 to 16\n${usage}`);
const port = process.env.PORT ? Number(process.env.PORT) : 3000;
if (!Number.isInteger(port) || port < 1 || port + count > 65535) fail(`PORT must leave room for ${count} instances above it (PORT+1 ... PORT+${count})`);
const host = process.env.HOST || "0.0.0.0";
if (!existsSync(new URL("../build/index.js", import.meta.url))) fail("build/index.js is missing: run `npm run build`");

// The secrets and the database every instance shares, exactly as `npm start` prepares them.
const build = await import("../build/index.js");
const { bootEnvironment, stopEmbeddedDatabase } = build.entry.module;
try {
  await bootEnvironment();
} catch (error) {
  fail(`could not start: ${error instanceof Error ? error.message : String(error)}`);
}

// What the instances tell browsers, the CLI and deployed tools: the front's address, not their
// own (the defaults `npm start` would derive from PORT).
const shared = {
  BASE_URL: process.env.BASE_URL || `http://localhost:${port}`,
  APPS_DOMAIN: process.env.APPS_DOMAIN || `localhost:${port}`,
};

const children = [];
let stopping = false;
/** Until every instance is ready, an exit is reported by the start itself (it fails). */
let started = false;

function pipeLines(stream, target, prefix) {
  let rest = "";
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop();
    for (const line of lines) target.write(`${prefix}${line}\n`);
  });
  stream.on("end", () => rest && target.write(`${prefix}${rest}\n`));
}

function startInstance(index) {
  const instancePort = port + index;
  const url = `http://127.0.0.1:${instancePort}`;
  const env = {
    ...process.env,
    ...shared,
    PORT: String(instancePort),
    HOST: "127.0.0.1",
    INSTANCE_URL: url,
    // Each instance's own metrics listener, when one is asked for.
    ...(process.env.METRICS_PORT ? { METRICS_PORT: String(Number(process.env.METRICS_PORT) + index - 1) } : {}),
  };
  // Its own process group: a terminal's Ctrl-C reaches this script only, which then sends each
  // instance one SIGTERM (a second signal would make an instance skip its drain).
  const child = spawn(
    ...serviceCommand(["scripts/start.mjs"], {
      cwd: new URL("..", import.meta.url),
      env,
      // The IPC channel carries one message, the instance's own "listening" (scripts/start.mjs).
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      detached: true,
    }),
  );
  const name = `instance ${index}`;
  pipeLines(child.stdout, process.stdout, `[${index}] `);
  pipeLines(child.stderr, process.stderr, `[${index}] `);
  const entry = { name, url, child, exited: false, listening: false };
  child.on("message", (message) => {
    if (message?.svc === "listening" && message.port === instancePort) entry.listening = true;
  });
  child.on("exit", (code, signal) => {
    entry.exited = true;
    if (stopping || !started) return;
    say(`${name} (pid ${child.pid}) exited (${signal ?? `code ${code}`}); the others go on`);
    if (children.every((other) => other.exited)) void stopAll(1);
  });
  children.push(entry);
  return entry;
}

async function waitReady(entry) {
  for (;;) {
    if (entry.exited) throw new Error(`${entry.name} exited before it was ready`);
    // Until the instance itself says it listens, an answer on its port is another process's.
    if (!entry.listening) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    const ready = await fetch(`${entry.url}/readyz`).then((res) => res.status === 200, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let front;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  say("stopping: the instances drain, then the database stops");
  await front?.close().catch(() => undefined);
  await Promise.all(
    children.map(
      (entry) =>
        new Promise((resolve) => {
          if (entry.exited) return resolve();
          entry.child.once("exit", resolve);
          entry.child.kill("SIGTERM");
        }),
    ),
  );
  await stopEmbeddedDatabase().catch(() => undefined);
  process.exit(code);
}
process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

try {
  const entries = Array.from({ length: count }, (_, i) => startInstance(i + 1));
  await Promise.all(entries.map(waitReady));
  started = true;
  for (const entry of entries) say(`${entry.name} (pid ${entry.child.pid}) ready on ${entry.url}`);
  front = await startFront({ host, port, instances: entries.map(({ name, url }) => ({ name, url })), log: say });
  say(`${count} instance${count === 1 ? "" : "s"} behind ${shared.BASE_URL} (round-robin front on ${host}:${port}); Ctrl-C stops them all`);
} catch (error) {
  process.stderr.write(`cluster: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  await stopAll(1);
}
