import type pg from "pg";
import { createTestDatabase } from "./database";
import { testPool } from "./pg";
import { countPostgresRoundTrips, type RoundTripCounter } from "./postgres-round-trips";
import { suiteResource } from "./suite-resource";

export interface CountedDatabase {
  /** The relay to give a service (`databaseUrl: counted.counter.url`) so its round trips are counted. */
  counter: RoundTripCounter;
  /** A pool straight to the database, past the counter, for the suite's own queries. */
  rows: pg.Pool;
}

/**
 * A database of the suite's own behind a round-trip counter (tests/support/postgres-round-trips.ts),
 * made before the suite's tests and dropped after them. `fill` runs on it before the counter
 * starts, so what it writes is not counted.
 */
export function suiteCountedDatabase(label: string, options: { fill?: (rows: pg.Pool) => Promise<void>; timeout?: number } = {}): CountedDatabase {
  return suiteResource(
    async () => {
      const database = await createTestDatabase(label);
      const rows = testPool(database.url, { max: 1 });
      await options.fill?.(rows);
      return { database, rows, counter: await countPostgresRoundTrips(database.url) };
    },
    async ({ database, rows, counter }) => {
      await rows.end();
      await counter.close();
      await database.drop();
    },
    options.timeout,
  );
}
