// Filled tables (issue 30, `--filled` / BENCH_FILLED=1, on by default with --check): before
// the suites measure, the service's database gets FILL_ACCOUNTS accounts, each with a live
// dashboard session, a workspace (membership, balance), an app with a CLI key, and an OAuth
// grant (its auth_sessions row, its Grant record and a refresh token), and better-auth's gets
// the same number of users with a password credential and a live session. An empty table
// answers every lookup from one page; a filled one makes the indexes do their work.
//
// Bulk SQL (`insert … select … from generate_series`) against each schema after its owner
// migrated it: seconds, not 20,000 sign-ups. Every filled account has the bench person's
// password hash (one scrypt, not 20,000): the rows' shape and size are what matter here.
import pg from "pg";

export const FILL_ACCOUNTS = 20_000;
/** The OAuth client the filled grants belong to (no client row needed: grants name it only). */
const FILL_CLIENT_ID = "bench-fill-client";

async function withClient(databaseUrl, work) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Fills the service's tables (schema: server/platform/db/migrations); returns the milliseconds it took. */
export async function fillService(databaseUrl, user, accounts = FILL_ACCOUNTS) {
  const started = performance.now();
  await withClient(databaseUrl, async (db) => {
    const { rows } = await db.query("select password_hash from auth_users where id = $1", [user.userId]);
    if (!rows[0]) throw new Error(`fill: the bench person ${user.userId} is not in auth_users`);
    await db.query("begin");
    // One row of ids per account, which every insert below reads.
    await db.query(
      `create temp table fill on commit drop as
         select i, gen_random_uuid() as user_id, gen_random_uuid() as session_id, gen_random_uuid() as grant_id,
                gen_random_uuid() as tenant_id, gen_random_uuid() as app_id,
                md5(random()::text) || md5(random()::text) as refresh_id,
                -- Older than the bench person's rows, so "the newest key" and the like stay the bench's.
                now() - interval '2 days' + i * interval '1 second' as at
           from generate_series(1, $1::int) as i`,
      [accounts],
    );
    await db.query(
      `insert into auth_users (id, email, password_hash, email_confirmed_at, last_sign_in_at, user_metadata, created_at, updated_at)
       select user_id, 'fill-' || i || '@bench.invalid', $1, at, at, '{}'::jsonb, at, at from fill`,
      [rows[0].password_hash],
    );
    // A live dashboard session and the OAuth grant's own session row (its id is the grant's id).
    await db.query(
      `insert into auth_sessions (id, user_id, refresh_token_hash, expires_at, user_agent, ip_address, created_at, refreshed_at, last_active_at)
       select session_id, user_id, encode(sha256(session_id::text::bytea), 'hex'), now() + interval '30 days', 'Mozilla/5.0 (bench fill)', '10.0.' || (i % 250) || '.' || (i % 200), at, at, at from fill`,
    );
    await db.query(
      `insert into auth_sessions (id, user_id, refresh_token_hash, expires_at, oauth_client_id, created_at, refreshed_at, last_active_at)
       select grant_id, user_id, encode(sha256(grant_id::text::bytea), 'hex'), now() + interval '365 days', $1, at, at, at from fill`,
      [FILL_CLIENT_ID],
    );
    await db.query(
      `insert into tenants (id, name, slug, owner_id, referral_code, slug_chosen, created_at, updated_at)
       select tenant_id, 'Fill ' || i, 'fill-' || i, user_id, 'fill' || i, true, at, at from fill`,
    );
    await db.query(`insert into tenant_memberships (tenant_id, user_id, role, created_at) select tenant_id, user_id, 'owner', at from fill`);
    await db.query(`insert into tenant_balances (tenant_id, balance_micros, updated_at) select tenant_id, 5000000, at from fill`);
    await db.query(`insert into apps (id, tenant_id, name, kind, created_by, created_at) select app_id, tenant_id, 'CLI', 'cli', user_id, at from fill`);
    await db.query(
      `insert into app_keys (tenant_id, app_id, issued_by, issued_to_email, purpose, display_prefix, key_hash, created_at)
       select tenant_id, app_id, user_id, 'fill-' || i || '@bench.invalid', 'cli', 'svc_sk_' || substr(refresh_id, 1, 6), encode(sha256(refresh_id::bytea), 'hex'), at from fill`,
    );
    // The grant and one refresh token of it, as the OAuth adapter stores them (kind, id, payload).
    await db.query(
      `insert into oauth_records (kind, id, payload, grant_id, expires_at)
       select 'Grant', grant_id::text,
              jsonb_build_object('kind', 'Grant', 'jti', grant_id::text, 'accountId', user_id::text, 'clientId', $1::text,
                                 'openid', jsonb_build_object('scope', 'openid profile email'),
                                 'resources', jsonb_build_object('urn:svc:identity', 'openid profile email'),
                                 'iat', extract(epoch from now())::int, 'exp', extract(epoch from now() + interval '365 days')::int),
              null, now() + interval '365 days'
         from fill`,
      [FILL_CLIENT_ID],
    );
    await db.query(
      `insert into oauth_records (kind, id, payload, grant_id, expires_at)
       select 'RefreshToken', refresh_id,
              jsonb_build_object('kind', 'RefreshToken', 'jti', refresh_id, 'grantId', grant_id::text, 'accountId', user_id::text, 'clientId', $1::text,
                                 'scope', 'openid profile email', 'resource', 'urn:svc:identity', 'rotations', 0,
                                 'iat', extract(epoch from now())::int, 'exp', extract(epoch from now() + interval '30 days')::int),
              grant_id::text, now() + interval '30 days'
         from fill`,
      [FILL_CLIENT_ID],
    );
    await db.query("commit");
    // Fresh statistics, as autovacuum would give a database that grew this large.
    await db.query("analyze");
  });
  return Math.round(performance.now() - started);
}

/** Fills better-auth's tables (its default schema: "user", "account", "session"); returns the milliseconds it took. */
export async function fillBetterAuth(databaseUrl, betterAuth, accounts = FILL_ACCOUNTS) {
  const started = performance.now();
  await withClient(databaseUrl, async (db) => {
    const { rows } = await db.query(`select password from "account" where "userId" = $1 and "providerId" = 'credential'`, [betterAuth.userId]);
    if (!rows[0]) throw new Error(`fill: better-auth has no credential account for ${betterAuth.userId}`);
    await db.query("begin");
    await db.query(
      `create temp table fill on commit drop as
         select i, md5(random()::text) as user_id, md5(random()::text) as account_id, md5(random()::text) as session_id,
                md5(random()::text) as token, now() - interval '2 days' + i * interval '1 second' as at
           from generate_series(1, $1::int) as i`,
      [accounts],
    );
    await db.query(
      `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
       select user_id, 'Fill ' || i, 'fill-' || i || '@bench.invalid', true, at, at from fill`,
    );
    await db.query(
      `insert into "account" (id, "accountId", "providerId", "userId", password, "createdAt", "updatedAt")
       select account_id, user_id, 'credential', user_id, $1, at, at from fill`,
      [rows[0].password],
    );
    await db.query(
      `insert into "session" (id, "expiresAt", token, "createdAt", "updatedAt", "ipAddress", "userAgent", "userId")
       select session_id, now() + interval '7 days', token, at, at, '10.0.' || (i % 250) || '.' || (i % 200), 'Mozilla/5.0 (bench fill)', user_id from fill`,
    );
    await db.query("commit");
    await db.query("analyze");
  });
  return Math.round(performance.now() - started);
}
