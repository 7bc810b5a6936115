import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { suiteCountedDatabase } from "../support/counted-database";
import { createTenant, signUp, uniqueSlug } from "../support/http";
import { HOT_PATHS, hotPathDriver } from "../support/hot-paths";
import { suiteService } from "../support/service";

/**
 * Issue 30 (ADR 073): every statement the hot paths run goes through an index once the tables
 * are full. 20,000 accounts, each with a workspace, a dashboard session, an app's grant (its
 * session row, the library's Grant and refresh token), a factor, a sign-in device, a rotated
 * refresh token and a rate-limit counter, are inserted in bulk; the hot paths then run once
 * each against that database and every statement they sent is EXPLAINed: a sequential scan
 * of a table holding more than a few hundred rows fails the test, naming the statement.
 * (`id::text = ?` on a uuid key was such a scan: 2.45 ms a lookup at 20,000 accounts, against
 * 0.017 ms through the index.)
 */
const ACCOUNTS = 20_000;
/** Tables at most this large may be read whole: an index would not be cheaper. */
const SMALL_TABLE_ROWS = 500;
const OUTSTANDING_CODES = 2_000;

const FILL = [
  `insert into auth_users (id, email, password_hash, user_metadata, email_confirmed_at)
     select gen_random_uuid(), 'filler-' || n || '@example.com', 'not-a-hash', '{}'::jsonb, now() from generate_series(1, ${ACCOUNTS}) n`,
  `insert into tenants (id, name, slug, owner_id, is_personal, referral_code)
     select gen_random_uuid(), 'Filler', 'filler-' || u.email, u.id, true, 'ref-' || u.id from auth_users u where u.email like 'filler-%'`,
  `insert into tenant_memberships (tenant_id, user_id, role) select t.id, t.owner_id, 'owner' from tenants t where t.slug like 'filler-%'`,
  `insert into auth_sessions (id, user_id, refresh_token_hash, expires_at)
     select gen_random_uuid(), u.id, 'dash-' || u.id, now() + interval '30 days' from auth_users u where u.email like 'filler-%'`,
  `insert into auth_sessions (id, user_id, refresh_token_hash, expires_at, oauth_client_id)
     select gen_random_uuid(), u.id, 'grant-' || u.id, now() + interval '365 days', 'filler-client' from auth_users u where u.email like 'filler-%'`,
  `insert into oauth_records (kind, id, payload, grant_id, expires_at)
     select 'Grant', s.id::text, jsonb_build_object('accountId', s.user_id, 'clientId', 'filler-client'), null, now() + interval '365 days'
       from auth_sessions s where s.oauth_client_id = 'filler-client'`,
  `insert into oauth_records (kind, id, payload, grant_id, expires_at)
     select 'RefreshToken', md5(s.id::text), jsonb_build_object('accountId', s.user_id, 'grantId', s.id), s.id::text, now() + interval '30 days'
       from auth_sessions s where s.oauth_client_id = 'filler-client'`,
  `insert into auth_refresh_token_rotations (token_hash, session_id, successor_sealed)
     select 'rotated-' || s.id, s.id, null from auth_sessions s where s.oauth_client_id is null and s.refresh_token_hash like 'dash-%'`,
  `insert into auth_mfa_factors (id, user_id, friendly_name, factor_type, status)
     select gen_random_uuid(), u.id, 'phone', 'totp', 'verified' from auth_users u where u.email like 'filler-%'`,
  `insert into auth_sign_in_devices (user_id, browser, address) select u.id, 'Firefox on Linux', '192.0.2.1' from auth_users u where u.email like 'filler-%'`,
  `insert into rate_limit_counters (key, window_start, hits) select 'signin-account:filler-' || n, now(), 1 from generate_series(1, ${ACCOUNTS}) n`,
  `analyze`,
  // Authorizations nobody exchanged yet, as a burst of them leaves (a code lives up to 60 s), made
  // after the statistics were taken: a claim that read every outstanding code for each one
  // (an index read on the key's first column, `kind`) cost 9 ms a code exchange at 400 of them.
  `insert into oauth_records (kind, id, payload, grant_id, expires_at)
     select 'AuthorizationCode', md5('code-' || n), jsonb_build_object('kind', 'AuthorizationCode', 'clientId', 'filler-client'), null, now() + interval '60 seconds'
       from generate_series(1, ${OUTSTANDING_CODES}) n`,
];

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) found.push(node["Relation Name"]);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

/** A primary key of several columns, and how many distinct values each of them holds (pg_stats). */
interface CompositeKey {
  columns: string[];
  distinct: Map<string, number>;
}
/** A column bound to fewer distinct values than this does not narrow a read (oauth_records' `kind`). */
const FEW_VALUES = 100;

/**
 * Reads of a primary key of several columns that bind only columns of few values: a range of the
 * key (every row of one `kind` of oauth_records), read again for each row on the plan's other
 * side. A read bound by a column of many values (a person's rows by `user_id`) is an index's work.
 */
function partialKeyReads(node: PlanNode, keys: Map<string, CompositeKey>, found: string[] = []): string[] {
  const key = node["Index Name"] ? keys.get(node["Index Name"]) : undefined;
  if (key) {
    const condition = node["Index Cond"] ?? "";
    const bound = key.columns.filter((column) => new RegExp(`\\(${column} = `).test(condition));
    const fewValues = (column: string) => {
      const distinct = key.distinct.get(column) ?? 0;
      return distinct > 0 && distinct < FEW_VALUES;
    };
    if (bound.length < key.columns.length && bound.every(fewValues)) found.push(`${node["Index Name"]} by ${bound.join(", ") || "nothing"} alone (${condition})`);
  }
  for (const child of node.Plans ?? []) partialKeyReads(child, keys, found);
  return found;
}

/** The primary keys of several columns in the public schema, by index name, with each column's distinct values (pg_stats). */
async function compositeKeys(pool: pg.Pool): Promise<Map<string, CompositeKey>> {
  const { rows: found } = await pool.query<{ index: string; columns: string[]; distinct: number[] }>(
    `select i.relname as index, array_agg(a.attname::text order by a.attnum) as columns, array_agg(coalesce(st.n_distinct, 0) order by a.attnum) as distinct
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
       join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any(x.indkey)
       left join pg_stats st on st.schemaname = 'public' and st.tablename = t.relname and st.attname = a.attname
      where x.indisprimary and i.relnamespace = 'public'::regnamespace group by i.relname having count(*) > 1`,
  );
  return new Map(found.map((r) => [r.index, { columns: r.columns, distinct: new Map(r.columns.map((c, i) => [c, Number(r.distinct[i])])) }]));
}

/** What can be planned: queries and data changes (not BEGIN, COMMIT, LISTEN, SET …). */
const PLANNABLE = /^\s*(select|insert|update|delete|with)\b/i;

describe("the hot paths over filled tables", () => {
  const counted = suiteCountedDatabase("hot-plans", {
    fill: async (rows) => {
      for (const sql of FILL) await rows.query(sql);
    },
    timeout: 180_000,
  });
  const service = suiteService(() => ({ databaseUrl: counted.counter.url }));
  const statements = new Map<string, Set<string>>();
  /** The tables' sizes and the composite primary keys, read once the hot paths have run. */
  let sizes = new Map<string, number>();
  let keys = new Map<string, CompositeKey>();

  beforeAll(async () => {
    const person = await signUp(service);
    await createTenant(service, person, uniqueSlug("plans"));
    const driver = await hotPathDriver(service, person);
    for (const path of HOT_PATHS) {
      await driver.prepare(path);
      counted.counter.take();
      await driver.run(path);
      statements.set(path, new Set(counted.counter.take().filter((sql) => PLANNABLE.test(sql))));
    }
    const { rows: tables } = await counted.rows.query<{ relname: string; reltuples: number }>(`select relname, reltuples from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`);
    sizes = new Map(tables.map((r) => [r.relname, Number(r.reltuples)]));
    keys = await compositeKeys(counted.rows);
  }, 180_000);

  it.each(HOT_PATHS.map((path) => [path]))("%s reads no large table whole, nor a key by its column of few values", async (path) => {
    expect(sizes.get("auth_users")).toBeGreaterThanOrEqual(ACCOUNTS);
    const scans: string[] = [];
    for (const sql of statements.get(path) ?? []) {
      // The service's queries carry their values inline; one with placeholders is planned generically.
      const explain = /\$\d/.test(sql) ? "explain (generic_plan, format json) " : "explain (format json) ";
      const [{ "QUERY PLAN": plan }] = (await counted.rows.query(explain + sql)).rows as [{ "QUERY PLAN": [{ Plan: PlanNode }] }];
      for (const table of seqScans(plan[0].Plan)) {
        if ((sizes.get(table) ?? 0) > SMALL_TABLE_ROWS) scans.push(`${table} (${sizes.get(table)} rows) in: ${sql.replace(/\s+/g, " ").slice(0, 300)}`);
      }
      for (const read of partialKeyReads(plan[0].Plan, keys)) scans.push(`${read} in: ${sql.replace(/\s+/g, " ").slice(0, 300)}`);
    }
    expect(statements.get(path)?.size ?? 0).toBeGreaterThan(path === "GET /api/auth/me" ? -1 : 0);
    expect(scans, scans.join("\n")).toEqual([]);
  });
});
