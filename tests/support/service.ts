import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type pg from "pg";
import { freePort } from "./ports";
import { createTestDatabase } from "./database";
import { testPool } from "./pg";
import { suiteResource } from "./suite-resource";
import { serviceCommand } from "../../scripts/service-node.mjs";

export interface RunningService {
  url: string;
  dataDir: string;
  /** A direct connection to the service's database, for asserting rows written or not
   * (unusable with `embeddedDatabase`). */
  db: pg.Pool;
  databaseUrl: string;
  env: Record<string, string>;
  output: () => string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** What a suite needs of a service it did not start: its address, database, data directory and settings. */
export type ServiceUnderTest = Omit<RunningService, "child" | "output">;

const ROOT = resolve(import.meta.dirname, "../..");

/**
 * What every service a test starts (alone or as a cluster) runs with, before the test's own
 * settings: production mode, quiet logs, and what thousands of accounts from one address need.
 */
export const TEST_SERVICE_SETTINGS: Record<string, string> = {
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "/tmp",
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  TENANT_CREATE_RATE_LIMIT: "1000",
  // Every test client is 127.0.0.1: per-address limits are lifted unless a test sets them.
  SIGNIN_RATE_LIMIT_PER_ADDRESS: "100000",
  SIGNUP_RATE_LIMIT_PER_ADDRESS: "100000",
  // Thousands of accounts are made per run: new hashes at scrypt N = 2^10, not 2^14 (tests/unit/password-hash-cost.test.ts keeps the default).
  PASSWORD_HASH_COST: "10",
  // A test client that leaves a response body unread keeps that request in flight, and a stop
  // would wait the whole 20 s grace for it; drain tests set their own.
  SHUTDOWN_GRACE_SECONDS: "5",
  KEY_FAILURE_RATE_LIMIT_PER_ADDRESS: "100000",
  OAUTH_REGISTRATION_RATE_LIMIT_PER_ADDRESS: "100000",
  DEVICE_CODE_ENTRY_RATE_LIMIT_PER_ADDRESS: "100000",
};

/**
 * Starts the real service (`node scripts/start.mjs` on the Remix build) on a free port,
 * against its own database (a copy of the migrated template unless `emptyDatabase`) and data
 * directory. Tests talk to it over real HTTP.
 */
export async function startService(
  options: {
    label?: string;
    env?: Record<string, string>;
    databaseUrl?: string;
    /** Start as a fresh clone would: no DATABASE_URL, so the service runs its embedded PostgreSQL. */
    embeddedDatabase?: boolean;
    /** A database with nothing in it (not the migrated template): the service migrates it at start. */
    emptyDatabase?: boolean;
    dataDir?: string;
    command?: string[];
    /** A fixed port, so a restarted service is found again at the same address. */
    port?: number;
  } = {},
): Promise<RunningService> {
  const database = options.databaseUrl || options.embeddedDatabase ? undefined : await createTestDatabase(options.label ?? "svc", { empty: options.emptyDatabase });
  const service = await launchService({ ...options, databaseUrl: options.databaseUrl ?? database?.url ?? "" });
  return {
    ...service,
    async stop() {
      await service.stop();
      await database?.drop();
    },
  };
}

/**
 * The service's process on `databaseUrl` ("" for the embedded database), with the test
 * settings; usable outside a test file too (the global setup's shared service).
 */
export async function launchService(options: { databaseUrl: string; env?: Record<string, string>; dataDir?: string; command?: string[]; port?: number }): Promise<RunningService> {
  const { databaseUrl } = options;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "svc-data-"));
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: url,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    ...TEST_SERVICE_SETTINGS,
    ...options.env,
  };
  // scripts/start.mjs says on the IPC channel when it listens (another command, remix-serve,
  // does not: its answer is trusted as before).
  const announces = !options.command;
  const child = spawn(...serviceCommand(options.command ?? ["scripts/start.mjs"], { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe", ...(announces ? ["ipc" as const] : [])] }));
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d));
  child.stderr!.on("data", (d: Buffer) => (output += d));
  let listening = !announces;
  child.on("message", (message: { svc?: string; port?: number }) => {
    if (message?.svc === "listening" && message.port === port) listening = true;
  });
  try {
    await waitForReady(url, child, () => output, () => listening);
  } catch (error) {
    // The port was free when picked, and another test's pick took it before this service
    // listened: the harness's collision, not the service's. Once more on another port.
    if (options.port === undefined && /port \d+ is already in use/.test(output)) {
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return launchService(options);
    }
    throw error;
  }
  // With the embedded database the URL is the service's own secret; tests use HTTP only.
  const db = testPool(databaseUrl || "postgres://unused@127.0.0.1:1/none", { max: 4 });
  return {
    url,
    dataDir,
    db,
    databaseUrl,
    env,
    output: () => output,
    child,
    async stop() {
      await db.end();
      await stopChild(child, 30_000);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A start that says nothing new for this long has hung. */
const START_QUIET_LIMIT_MS = 45_000;
/** Past this a start has hung however much it says; under the 120 s a hook may take, so this message wins. */
const START_LIMIT_MS = 110_000;

/**
 * Ready once the child itself says it listens (when it can say so) and then answers: before
 * that, an answer on the port would be another process's (see scripts/start.mjs).
 *
 * A hang guard, not a speed check (speed is `npm run bench`'s). A first start on the embedded
 * database creates its cluster and runs every migration, saying so as it goes; on a busy
 * 2-core machine creating the cluster alone took 25 s and the whole start passed 45 s, which
 * once failed CI while the start was still applying migrations. So silence ends the wait, not
 * progress.
 */
async function waitForReady(url: string, child: ChildProcess, output: () => string, listening: () => boolean): Promise<void> {
  const startedAt = Date.now();
  let said = output().length;
  let lastNews = startedAt;
  const hung = (now: number) => now - lastNews > START_QUIET_LIMIT_MS || now - startedAt > START_LIMIT_MS;
  while (!hung(Date.now())) {
    if (output().length !== said) {
      said = output().length;
      lastNews = Date.now();
    }
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}:\n${output()}`);
    if (!listening()) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      const res = await fetch(`${url}/api/auth/me`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  const waited = Math.round((Date.now() - startedAt) / 1000);
  throw new Error(`service did not start: nothing new for ${START_QUIET_LIMIT_MS / 1000} s or ${START_LIMIT_MS / 1000} s in all (waited ${waited} s):\n${output()}`);
}

/** SIGTERM, as Ctrl-C or a process manager would; SIGKILL only if it hangs. Resolves the exit code. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

/**
 * The service at http://localhost:<port> as its BASE_URL, for WebAuthn in a browser: a
 * relying-party id cannot be an IP address, so the browser must use the name.
 */
export async function startServiceOnLocalhost(label: string, env: Record<string, string> = {}): Promise<{ service: RunningService; origin: string }> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  return { service: await startService({ label, port, env: { BASE_URL: origin, ...env } }), origin };
}

export type StartOptions = Parameters<typeof startService>[0];

/**
 * A service of the suite's own, started before its tests and stopped after them (see
 * suiteResource). Options that name another of the suite's resources (a fake's URL) are given
 * as a function, read when the service starts.
 */
export function suiteService(options: StartOptions | (() => StartOptions)): RunningService {
  return suiteResource(() => startService(typeof options === "function" ? options() : options), (service) => service.stop());
}
