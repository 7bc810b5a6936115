// BENCH_PG_STATEMENTS=N: PostgreSQL runs with pg_stat_statements (planning timed too), and the
// run ends with the N statements that cost the database most, summed over every suite that ran:
// where the database's share of a request goes, by statement, planning and execution apart.
import pg from "pg";

export const statementStatsWanted = () => Number(process.env.BENCH_PG_STATEMENTS ?? 0) > 0;

/** The server flags that load and time the extension. */
export const statementStatsFlags = () =>
  statementStatsWanted() ? ["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track_planning=on", "-c", "pg_stat_statements.max=2000"] : [];

/** Creates the extension in `databaseUrl`'s database (where the service's statements run). */
export async function enableStatementStats(databaseUrl) {
  if (!statementStatsWanted()) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("create extension if not exists pg_stat_statements");
    await client.query("select pg_stat_statements_reset()");
  } finally {
    await client.end();
  }
}

/** The statements that cost most, as printed lines. */
export async function statementStatsReport(databaseUrl) {
  if (!statementStatsWanted()) return "";
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select calls, round(total_plan_time::numeric, 1) as plan_ms, round(total_exec_time::numeric, 1) as exec_ms,
              round(((total_plan_time + total_exec_time) * 1000 / greatest(calls, 1))::numeric, 1) as us_per_call,
              shared_blks_hit + shared_blks_read as blocks, wal_records, wal_bytes, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
         from pg_stat_statements order by total_plan_time + total_exec_time desc limit $1`,
      [Number(process.env.BENCH_PG_STATEMENTS)],
    );
    // PostgreSQL's own upkeep runs in the same process tree as the statements, so a suite's
    // "db µs/req" counts it too: how often each table was vacuumed and analyzed in the run.
    const upkeep = await client.query(
      `select relname, n_live_tup, n_dead_tup, autovacuum_count, autoanalyze_count
         from pg_stat_user_tables where autovacuum_count + autoanalyze_count > 0 order by autovacuum_count + autoanalyze_count desc, relname limit 20`,
    );
    return [
      "",
      "statements that cost PostgreSQL most (pg_stat_statements, planning + execution):",
      ...rows.map((r) => `${String(r.calls).padStart(8)} calls  plan ${String(r.plan_ms).padStart(9)} ms  exec ${String(r.exec_ms).padStart(9)} ms  ${String(r.us_per_call).padStart(8)} µs/call  blocks ${r.blocks}  wal ${r.wal_records}/${r.wal_bytes}B  ${r.query}`),
      "",
      "tables autovacuum worked on in the run (rows live/dead now, vacuums, analyzes):",
      ...upkeep.rows.map((r) => `${r.relname.padEnd(36)} ${String(r.n_live_tup).padStart(8)} / ${String(r.n_dead_tup).padStart(7)}  vacuumed ${r.autovacuum_count}  analyzed ${r.autoanalyze_count}`),
    ].join("\n");
  } finally {
    await client.end();
  }
}
