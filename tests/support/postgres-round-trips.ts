import { createServer, connect, type Server, type Socket } from "node:net";

/**
 * A TCP relay between the service and its real PostgreSQL that counts the round trips the
 * service makes: every simple Query ('Q') and every Sync ('S', which ends an extended-protocol
 * query: Parse, Bind, Execute, Sync) is one wait for the database. Nothing is changed on the
 * way; it only reads the client's messages, keeping the SQL of each for failure messages.
 *
 * Not a mock: the service talks to the real database through it, as through any network hop.
 */
export interface RoundTripCounter {
  /** The database URL to give the service (this relay's address, the real credentials). */
  url: string;
  /** The SQL of every round trip since the last `take()`, in order, and forgets them. */
  take(): string[];
  close(): Promise<void>;
}

export async function countPostgresRoundTrips(databaseUrl: string): Promise<RoundTripCounter> {
  const target = new URL(databaseUrl);
  let trips: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    for (const s of [client, upstream]) s.once("close", () => sockets.delete(s));
    let pending = Buffer.alloc(0);
    let started = false; // the first message (startup) has no type byte
    let lastSql = "";
    // A named prepared statement is parsed once per connection and then only bound by its name
    // (ADR 094): the SQL of a round trip is the one its Bind names, not the last one parsed.
    const preparedSql = new Map<string, string>();
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          if (pending.length < 4) break;
          const length = pending.readInt32BE(0);
          if (pending.length < length) break;
          pending = pending.subarray(length);
          started = true;
          continue;
        }
        if (pending.length < 5) break;
        const type = String.fromCharCode(pending[0]!);
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) break;
        const body = pending.subarray(5, 1 + length);
        if (type === "Q") trips.push(body.toString("utf8").replace(/\0$/, ""));
        // Parse: statement name, NUL, the SQL, NUL, …
        if (type === "P") {
          const [name, sql] = nulTerminated(body, 2);
          preparedSql.set(name!, sql!);
        }
        // Bind: portal name, NUL, statement name, NUL, …
        if (type === "B") lastSql = preparedSql.get(nulTerminated(body, 2)[1]!) ?? "";
        if (type === "S") trips.push(lastSql);
        pending = pending.subarray(1 + length);
      }
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("round-trip relay has no port");
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(address.port);
  return {
    url: url.toString(),
    take() {
      const taken = trips;
      trips = [];
      return taken;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The first `count` NUL-terminated strings of a message body. */
function nulTerminated(body: Buffer, count: number): string[] {
  const strings: string[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    const end = body.indexOf(0, at);
    strings.push(body.subarray(at, end).toString("utf8"));
    at = end + 1;
  }
  return strings;
}
