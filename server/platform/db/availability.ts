import { ConnectionException } from "./mikro-orm";

/**
 * PostgreSQL could not be reached or went away mid-query: refused or reset connections,
 * a server shutting down or starting up, a pool that timed out waiting for a connection.
 * Such a failure says nothing about the request, so it must never read as "no session" or
 * "not found": callers turn it into 503 `Service unavailable` (serviceUnavailable()).
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down)
  "08000", // connection_exception
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08003", // connection_does_not_exist
  "08006", // connection_failure
]);

// knex's "Transaction query already complete": the connection under an open transaction was
// terminated (the transaction is then settled by knex), and the unit of work's next statement
// in it is refused with this instead of the connection error (issue 17: the 500s at the
// instant PostgreSQL stopped).
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Transaction query already complete|connect ECONNREFUSED|Client has encountered a connection error|Timeout acquiring a connection|Connection is closed|the database system is (starting up|shutting down)|terminating connection due to administrator command/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    if (current instanceof ConnectionException) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    const next = (current as { cause?: unknown; previous?: unknown }).cause ?? (current as { previous?: unknown }).previous;
    if (next === current) break;
    current = next;
  }
  return false;
}

/** Whether PostgreSQL answers a trivial query right now (readiness). */
export async function databaseAnswers(em: { getConnection(): { execute(sql: string): Promise<unknown> } }): Promise<boolean> {
  try {
    await em.getConnection().execute("select 1");
    return true;
  } catch {
    return false;
  }
}
