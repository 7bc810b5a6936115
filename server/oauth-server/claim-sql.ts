import { numberedPlaceholders, preparedStatement, type PreparedStatement } from "../platform/db/prepared-statement";
import { IDENTITY_RESOURCE } from "./scopes";

/**
 * The pieces of SQL the one-statement claims of the grants answered before the library share
 * (refresh-claim.ts, code-claim.ts; ADR 088, ADR 090): how the code or refresh token's grant and
 * account are read (the adapter's liveness rule for a grant), what a token and its grant must
 * hold for the fast path to issue what the library would, the claim and the refresh token's save.
 */

/** PostgreSQL's text form of a uuid: anything else names no session row or account (token-with-grant.ts reads with it too). */
const UUID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";
export const asUuid = (column: string) => `(case when ${column} ~ '${UUID_PATTERN}' then (${column})::uuid end)`;
/** A payload member absent, or false (the library's `undefined`/`false` alike). */
const unset = (payload: string, key: string) => `(not jsonb_exists(${payload}, '${key}') or ${payload}->'${key}' = 'false'::jsonb)`;
const NOW_EPOCH = "extract(epoch from now())";

/** The token `t` (a code or refresh token row) with its live grant `g` (the adapter's rule: its session row neither revoked nor expired) and account `u`. */
const WITH_GRANT_AND_ACCOUNT = `select t.id, t.payload, g.payload as grant_payload, u.id as account_id, u.email as account_email, u.user_metadata as account_metadata
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
const UNDERSTOOD_TOKEN_AND_GRANT = [
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

/**
 * The one statement: the token of `kind` under the first parameter, of the client named by the
 * second, meeting `understood` (whose own parameters follow), is read with its grant and account
 * and claimed; when `nextPayload` is given (an expression over the claimed row `c`; its
 * parameters next), the refresh token it describes is saved under the parameter before them,
 * expiring at the last, and the grant's session row is touched (postgres-adapter.ts, ADR 073).
 * Nothing is written unless the claim wins; it answers the claimed row, or none. Prepared under
 * `name` (ADR 094): planning it cost PostgreSQL about three times what running it does.
 */
export function claimStatement(name: string, kind: "AuthorizationCode" | "RefreshToken", understood: string[], nextPayload: string | null): PreparedStatement {
  const save = nextPayload
    ? `,
  saved as (insert into oauth_records (kind, id, payload, grant_id, user_code, uid, expires_at)
     select 'RefreshToken', ?::text, ${nextPayload}, c.payload->>'grantId', null, null, ?::timestamptz from claimed c
     on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
       user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at
     returning 1),
  touched as (update auth_sessions set refreshed_at = now()
     where id = (select ${asUuid("c.payload->>'grantId'")} from claimed c) and oauth_client_id is not null returning 1)`
    : "";
  // `t` is read once (materialized) and the claim names its row by the whole key, so the plan
  // cannot read every outstanding row of the kind and run `t` again for each: with statistics
  // taken when few codes were outstanding, that plan cost 9 ms a code exchange at 400 of them.
  const text = `with t as materialized (
    ${WITH_GRANT_AND_ACCOUNT}
     where t.kind = '${kind}' and t.id = ? and t.consumed_at is null and (t.expires_at is null or t.expires_at > now())
      and t.payload->>'clientId' = ?
      and ${[`t.payload->>'kind' = '${kind}'`, ...UNDERSTOOD_TOKEN_AND_GRANT, ...understood].join("\n      and ")}
     limit 1),
  claimed as (update oauth_records r set consumed_at = now() from t
     where r.kind = '${kind}' and r.id = (select t.id from t) and r.consumed_at is null
     returning t.payload, t.grant_payload, t.account_id, t.account_email, t.account_metadata)${save}
  select c.* from claimed c`;
  return preparedStatement(name, numberedPlaceholders(text));
}

/** A claimed code or refresh token: its payload as it was, its grant's, its account. */
export interface ClaimedToken {
  payload: Record<string, unknown>;
  grant_payload: Record<string, unknown>;
  account_id: string;
  account_email: string;
  account_metadata: Record<string, unknown> | null;
}
