import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/ports";
import { TEST_SERVICE_SETTINGS } from "../support/service";

/**
 * Issue 28, 6: SIGTERM to the `npm start` process left the server running (re-parented), and
 * SIGHUP (the terminal closed) killed it without draining and left the embedded PostgreSQL
 * running. A signal to npm must reach the server, which drains and stops its database as on
 * Ctrl-C. npm runs the project's own start script here, with its build step left out (the
 * suite runs on a build made before it; building here would rebuild under other suites):
 * the rest of the chain, the part that carries signals, is the package.json's word for word.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const NPM_CLI = [process.env.npm_execpath, join(dirname(process.execPath), "../lib/node_modules/npm/bin/npm-cli.js")].find(
  (path): path is string => Boolean(path && path.endsWith("npm-cli.js") && existsSync(path)),
);
const BUILD_STEP = "node scripts/build-if-stale.mjs && ";

const dataDir = mkdtempSync(join(tmpdir(), "svc-npm-signals-"));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when we are root
const project = mkdtempSync(join(tmpdir(), "svc-npm-start-"));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  const pid = postmasterPid();
  if (pid && alive(pid)) process.kill(pid, "SIGQUIT");
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function postmasterPid(): number | null {
  const file = join(dataDir, "postgres", "postmaster.pid");
  return existsSync(file) ? Number(readFileSync(file, "utf8").split("\n")[0]) : null;
}

const listening = (port: number) =>
  new Promise<boolean>((resolveOpen) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolveOpen(true)));
    socket.once("error", () => resolveOpen(false));
  });

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `npm start` with the project's start script, on the embedded database in `dataDir`. */
async function npmStart() {
  const script = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.start!;
  expect(script.startsWith(BUILD_STEP)).toBe(true);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "npm-start-signals", private: true, scripts: { start: `cd '${ROOT}' && ${script.slice(BUILD_STEP.length)}` } }));
  const port = await freePort();
  const env: Record<string, string> = { ...TEST_SERVICE_SETTINGS, PORT: String(port), HOST: "127.0.0.1", BASE_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, LOG_LEVEL: "info" };
  const npm = spawn(process.execPath, [NPM_CLI!, "start"], { cwd: project, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  started.push(npm);
  let output = "";
  npm.stdout!.on("data", (d: Buffer) => (output += d));
  npm.stderr!.on("data", (d: Buffer) => (output += d));
  const exited = new Promise<void>((r) => npm.once("exit", () => r()));
  await until("the server listening", async () => {
    if (npm.exitCode !== null) throw new Error(`npm start exited ${npm.exitCode}:\n${output}`);
    return (await fetch(`http://127.0.0.1:${port}/api/auth/me`).then((res) => res.ok).catch(() => false)) as boolean;
  }, 60_000, () => output);
  const database = postmasterPid();
  expect(database !== null && alive(database)).toBe(true);
  return { npm, port, database: database!, exited, output: () => output };
}

describe.skipIf(!NPM_CLI)("signals to npm start", () => {
  it.each(["SIGTERM", "SIGHUP"] as const)("%s to the npm process: the server drains and stops, and so does its embedded PostgreSQL", async (signal) => {
    const run = await npmStart();
    process.kill(run.npm.pid!, signal);
    await until("the server's port closed", async () => !(await listening(run.port)), 30_000, run.output);
    await until("the embedded PostgreSQL gone", () => !alive(run.database), 30_000, run.output);
    expect(existsSync(join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
    // Drained as on Ctrl-C: the server said so.
    expect(run.output()).toMatch(/(SIGTERM|SIGHUP): draining/);
    await Promise.race([run.exited, new Promise((r) => setTimeout(r, 10_000))]);
  }, 120_000);
});

/** The server's resident libraries and initial environment, from /proc. */
const mapsOf = (pid: number) => readFileSync(`/proc/${pid}/maps`, "utf8");
const environOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
const parentOf = (pid: number) => Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);

// ADR 100: CI installs libjemalloc2 (.ci/run), so the start command has it to preload.
describe.skipIf(!NPM_CLI)("npm start's memory allocator", () => {
  it("runs the server on jemalloc and says so; its embedded PostgreSQL starts without it", async () => {
    const run = await npmStart();
    const server = parentOf(run.database);
    expect(mapsOf(server)).toMatch(/\/libjemalloc\.so\.2$/m);
    await until("the allocator named in the log", () => run.output().includes("memory allocator: "), 10_000, run.output);
    expect(run.output()).toMatch(/memory allocator: jemalloc \(\/\S+libjemalloc\.so\.2\)/);
    expect(environOf(run.database).filter((entry) => /^(LD_PRELOAD|MALLOC_CONF|SERVICE_ALLOCATOR_ADDED)=/.test(entry))).toEqual([]);
    expect(mapsOf(run.database)).not.toMatch(/libjemalloc/);
    process.kill(run.npm.pid!, "SIGTERM");
    await until("the embedded PostgreSQL gone", () => !alive(run.database), 30_000, run.output);
  }, 120_000);
});

