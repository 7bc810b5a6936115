import { hash } from "node:crypto";
import type { SqlConnection } from "./sql-connection";

/**
 * A hot path's statement, sent as a named prepared statement on the ORM's own pool (issue 30,
 * ADR 094). The ORM formats a statement's values into its text and sends it whole, so
 * PostgreSQL parses and plans it anew every time; for the refresh grant's one statement that
 * planning was 880 µs of the database's CPU against 300 µs of executing it (pg_stat_statements
 * in the bench). Prepared once per connection by name, its plan is kept by PostgreSQL (a
 * generic plan after five custom ones, its own rule) and each later call only binds and
 * executes. pg sends Parse/Bind/Describe/Execute/Sync corked, in one write: still one wait.
 *
 * Only for statements that run on their own (autocommit): the connection comes from the pool,
 * not from a transaction the caller may hold. The text must use `$1`… placeholders and never
 * change under its name (pg refuses a second text for a name it prepared on that connection).
 * A database that went away fails as the ORM's calls fail (availability.ts reads pg's codes).
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

const names = new Map<string, string>();

/**
 * `text` with its `?` placeholders numbered `$1`… in order, for a statement composed of pieces
 * written with the ORM's `?` (it must not use jsonb's `?` operators: `jsonb_exists` instead).
 */
export function numberedPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/** Declares a statement once, at module load: a name given twice with two texts is a bug. */
export function preparedStatement(name: string, text: string): PreparedStatement {
  const known = names.get(name);
  if (known !== undefined && known !== text) throw new Error(`prepared statement ${name} declared with two texts`);
  names.set(name, text);
  return { name, text };
}

/** The shapes a composed statement may take under one prefix before it is no longer prepared. */
const SHAPES_PER_PREFIX = 32;
const composed = new Map<string, PreparedStatement>();
const shapesOf = new Map<string, number>();

/**
 * A statement composed at run time from fixed pieces (a sign-in's count of one or two limits
 * with the account's read, ADR 093), written with `?` placeholders: prepared under `prefix` and
 * its text's digest, one name per shape. Null once `prefix` has taken SHAPES_PER_PREFIX shapes
 * (a text that varied with its values would otherwise prepare a statement per call on every
 * connection): the caller then sends it as the ORM does, planned each time.
 */
export function composedStatement(prefix: string, text: string): PreparedStatement | null {
  const known = composed.get(text);
  if (known) return known;
  const shapes = shapesOf.get(prefix) ?? 0;
  if (shapes >= SHAPES_PER_PREFIX) return null;
  const statement = preparedStatement(`${prefix}-${hash("sha256", text).slice(0, 16)}`, numberedPlaceholders(text));
  shapesOf.set(prefix, shapes + 1);
  composed.set(text, statement);
  return statement;
}

/**
 * Runs the composed statement `text` with `values` (composedStatement): prepared on a
 * connection of the ORM's pool, or, past its prefix's shapes, through the ORM.
 */
export async function runComposed<T>(em: SqlConnection, prefix: string, text: string, values: unknown[]): Promise<T[]> {
  const statement = composedStatement(prefix, text);
  return statement ? runPrepared<T>(em, statement, values) : em.getConnection().execute<T[]>(text, values);
}

interface PooledClient {
  query<T>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: T[] }>;
}

interface KnexClient {
  acquireConnection(): Promise<PooledClient>;
  releaseConnection(connection: PooledClient): Promise<unknown>;
}

/** Runs `statement` with `values` on a connection of the ORM's pool; its rows. */
export async function runPrepared<T>(em: SqlConnection, statement: PreparedStatement, values: unknown[]): Promise<T[]> {
  const client = em.getConnection().getKnex().client as KnexClient;
  const connection = await client.acquireConnection();
  try {
    const result = await connection.query<T>({ name: statement.name, text: statement.text, values });
    return result.rows;
  } finally {
    await client.releaseConnection(connection);
  }
}
