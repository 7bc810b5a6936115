import { IDENTITY_RESOURCE } from "./scopes";

/**
 * The pieces of SQL the one-statement claims of the grants answered before the library share
 * (refresh-claim.ts, code-claim.ts; ADR 088, ADR 090): how the code or refresh token's grant and
 * account are read (the adapter's liveness rule for a grant), what a grant must hold for the
 * fast path to issue what the library would, and the refresh token's save.
 */

/** PostgreSQL's text form of a uuid: anything else names no session row or account (as in token-with-grant.ts). */
const UUID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";
export const asUuid = (column: string) => `(case when ${column} ~ '${UUID_PATTERN}' then (${column})::uuid end)`;
/** A payload member absent, or false (the library's `undefined`/`false` alike). */
export const unset = (payload: string, key: string) => `(not jsonb_exists(${payload}, '${key}') or ${payload}->'${key}' = 'false'::jsonb)`;
export const NOW_EPOCH = "extract(epoch from now())";

/** The token `t` (a code or refresh token row) with its live grant `g` (the adapter's rule: its session row neither revoked nor expired) and account `u`. */
export const WITH_GRANT_AND_ACCOUNT = `select t.id, t.payload, g.payload as grant_payload, u.id as account_id, u.email as account_email, u.user_metadata as account_metadata
      from oauth_records t
      join oauth_records g on g.kind = 'Grant' and g.id = t.grant_id and g.consumed_at is null
        and (g.expires_at is null or g.expires_at > now())
        and not exists (select 1 from auth_sessions s where s.id = ${asUuid("g.id")} and (s.revoked_at is not null or s.expires_at <= now()))
      join auth_users u on u.id = ${asUuid("t.payload->>'accountId'")}`;

/**
 * What the token `t` and its grant `g` must hold for the library's answer to be the fast path's:
 * unexpired, not bound (DPoP, mTLS, attestation), no authorization details, not tied to a
 * browser session, no `claims`, for the identity resource; the grant of the same client and
 * account, unexpired, nothing rejected, no requested claims.
 */
export const UNDERSTOOD_TOKEN_AND_GRANT = [
  "(not jsonb_exists(t.payload, 'format') or t.payload->>'format' = 'opaque')",
  "not jsonb_exists(t.payload, 'consumed')",
  "jsonb_typeof(t.payload->'exp') = 'number' and (t.payload->>'exp')::numeric > " + NOW_EPOCH,
  "jsonb_typeof(t.payload->'grantId') = 'string' and jsonb_typeof(t.payload->'accountId') = 'string'",
  "jsonb_typeof(t.payload->'scope') = 'string' and t.payload->>'scope' <> ''",
  ...["jkt", "x5t#S256", "attestationJkt", "rar", "expiresWithSession"].map((key) => unset("t.payload", key)),
  "(not jsonb_exists(t.payload, 'claims') or t.payload->'claims' = '{}'::jsonb)",
  `jsonb_typeof(t.payload->'resource') = 'string' and t.payload->>'resource' = '${IDENTITY_RESOURCE}'`,
  "g.payload->>'clientId' = t.payload->>'clientId' and g.payload->>'accountId' = t.payload->>'accountId'",
  "not jsonb_exists(g.payload, 'rejected') and not jsonb_exists(g.payload, 'rar')",
  `(jsonb_typeof(g.payload->'exp') is distinct from 'number' or (g.payload->>'exp')::numeric > ${NOW_EPOCH})`,
  "(not jsonb_exists(coalesce(g.payload->'openid', '{}'::jsonb), 'claims') or g.payload->'openid'->'claims' = '[]'::jsonb)",
  `jsonb_typeof(g.payload->'resources'->'${IDENTITY_RESOURCE}') = 'string'`,
];

/** The adapter's upsert of a refresh token row (postgres-adapter.ts). */
export const REFRESH_TOKEN_INSERT = `insert into oauth_records (kind, id, payload, grant_id, user_code, uid, expires_at)`;
export const REFRESH_TOKEN_ON_CONFLICT = `on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
       user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`;

/** The grant's session row touched as a refresh token's save touches it (postgres-adapter.ts, ADR 073), for the token `claimed` spent. */
export const TOUCH_CLAIMED_SESSION = `update auth_sessions set refreshed_at = now()
     where id = (select ${asUuid("c.payload->>'grantId'")} from claimed c) and oauth_client_id is not null`;
