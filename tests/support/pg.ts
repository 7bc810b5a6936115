import pg from "pg";

/**
 * The one place tests make `pg` pools and clients (a unit test greps for any other).
 *
 * A `pg` client that loses its connection while nobody waits on it (idle in a pool, or a
 * LISTEN client between notifications) emits `error`; with no listener that is an uncaught
 * exception, and vitest fails a whole run whose tests all passed (issue 28, 5: a database
 * dropped `with (force)` under an idle pool, PostgreSQL 57P01). So every pool and client made
 * here listens for `error`: the terminations a test expects (a dropped database, a restarted
 * server) are counted, anything else is written to stderr. And each is remembered under its
 * database's name until it ends, so `TestDatabase.drop()` (tests/support/database.ts) ends
 * them before it drops the database instead of leaving PostgreSQL to cut them off.
 */

/** SQLSTATEs and socket errors of a server that ended the connection on purpose: admin shutdown, crash shutdown, cannot connect now. */
const EXPECTED = new Set(["57P01", "57P02", "57P03", "ECONNRESET", "EPIPE", "ECONNREFUSED"]);
const TERMINATED_TEXT = /Connection terminated unexpectedly|terminating connection/i;

/**
 * Connection losses the tests expected (a dropped database, a restart), by database: a loss
 * reported late (a second error of one connection) lands on its own database's count, not on
 * the next test's.
 */
const expectedByDatabase = new Map<string, number>();
const open = new Map<string, Set<{ end(): Promise<void> }>>();

/** How many losses of connections to database `name` the tests expected so far. */
export function expectedTerminations(name: string): number {
  return expectedByDatabase.get(name) ?? 0;
}

/** The `error` listener of a pool or client of database `name`. */
function onErrorOf(name: string): (error: Error & { code?: string }) => void {
  return (error) => {
    if ((error.code && EXPECTED.has(error.code)) || TERMINATED_TEXT.test(error.message)) {
      expectedByDatabase.set(name, (expectedByDatabase.get(name) ?? 0) + 1);
      return;
    }
    process.stderr.write(`tests/support/pg: a PostgreSQL connection failed while idle: ${error.message}\n`);
  };
}

/** The database a connection string names (a proxy in front of PostgreSQL keeps the name). */
export function databaseName(connectionString: string): string {
  return decodeURIComponent(new URL(connectionString).pathname.slice(1));
}

function remember(connectionString: string, handle: { end(): Promise<void> }): () => void {
  const name = databaseName(connectionString);
  const handles = open.get(name) ?? new Set();
  handles.add(handle);
  open.set(name, handles);
  return () => {
    handles.delete(handle);
    if (handles.size === 0 && open.get(name) === handles) open.delete(name);
  };
}

/**
 * `end` as a pool or client of the database at `connectionString` exposes it: remembered until
 * it ends (so the database's drop can end it first), and ended once however often it is asked
 * (a suite's afterAll, then the drop).
 */
function endedOnce(connectionString: string, end: () => Promise<void>): () => Promise<void> {
  let ending: Promise<void> | undefined;
  const once = () => {
    forget();
    ending ??= end().catch(onErrorOf(databaseName(connectionString)));
    return ending;
  };
  const forget = remember(connectionString, { end: once });
  return once;
}

export function testPool(connectionString: string, options: Omit<pg.PoolConfig, "connectionString"> = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, ...options });
  // An idle client's loss reaches the pool; a checked-out one's reaches the client.
  const onError = onErrorOf(databaseName(connectionString));
  pool.on("error", onError);
  pool.on("connect", (client) => client.on("error", onError));
  pool.end = endedOnce(connectionString, pool.end.bind(pool) as () => Promise<void>) as typeof pool.end;
  return pool;
}

export function testClient(connectionString: string): pg.Client {
  const client = new pg.Client({ connectionString });
  client.on("error", onErrorOf(databaseName(connectionString)));
  client.end = endedOnce(connectionString, client.end.bind(client) as () => Promise<void>) as typeof client.end;
  return client;
}

/** Ends every pool and client of the tests still open on database `name` (before it is dropped). */
export async function endConnectionsTo(name: string, waitMs = 5_000): Promise<void> {
  const handles = [...(open.get(name) ?? [])];
  // A pool waits for clients a test never released: past the wait, the drop cuts them off
  // (their loss is handled all the same).
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(handles.map((handle) => handle.end())), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}
