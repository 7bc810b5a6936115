import pg from "pg";

/**
 * The one way the service makes a `pg` client of its own (the ORM's pool is knex's, which
 * listens for errors itself). A client that loses its connection while nobody waits on it
 * (PostgreSQL restarted, an administrator's terminate) emits `error`, and with no listener
 * that is an uncaught exception that ends the process; so a client is made here with the
 * caller's handler attached before it connects. A query in flight still rejects as usual.
 * A unit test greps for any other `new pg.Client(`.
 */
export function pgClient(connectionString: string | undefined, onError: (error: Error) => void): pg.Client {
  const client = new pg.Client({ connectionString });
  client.on("error", onError);
  return client;
}
