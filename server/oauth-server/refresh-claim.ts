import type { EntityManager } from "@mikro-orm/postgresql";
import { preparedStatement, runPrepared } from "../platform/db/prepared-statement";
import { IDENTITY_RESOURCE } from "./scopes";

/**
 * The refresh answered before the library (refresh-before-library.ts) in one statement, where
 * the library's path makes two (the token's read with its grant and account, token-with-grant.ts;
 * the claim riding on the next token's save, claim-with-save.ts, ADR 083): the read, the claim,
 * the next refresh token's save (the old payload as `refresh_token.js` rotates it) and the
 * session row's touch, written only when every condition the fast path needs holds and the
 * claim wins. Otherwise nothing is written and nothing is answered: the library takes the
 * request and reads the token itself, so a spent token (a reuse, or a claim lost to a parallel
 * request) meets the library's own reuse path and ends the grant as before (issue 27, ADR 083).
 *
 * The conditions are those the library would check or that would make it issue anything
 * different: the token unexpired, unspent, of this client, not bound (DPoP, mTLS, attestation),
 * not tied to a browser session, without `claims` or authorization details, for the identity
 * resource; its grant live (its session row neither revoked nor expired, the adapter's rule),
 * of this client and account, with nothing rejected; the account there.
 */

/** PostgreSQL's text form of a uuid: anything else names no session row or account (as in token-with-grant.ts). */
const UUID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";
const asUuid = (column: string) => `(case when ${column} ~ '${UUID_PATTERN}' then (${column})::uuid end)`;
/** A payload member absent, or false (the library's `undefined`/`false` alike). */
const unset = (payload: string, key: string) => `(not jsonb_exists(${payload}, '${key}') or ${payload}->'${key}' = 'false'::jsonb)`;
const NOW_EPOCH = "extract(epoch from now())";

const UNDERSTOOD = [
  "t.payload->>'kind' = 'RefreshToken'",
  "(not jsonb_exists(t.payload, 'format') or t.payload->>'format' = 'opaque')",
  "not jsonb_exists(t.payload, 'consumed')",
  "jsonb_typeof(t.payload->'exp') = 'number' and (t.payload->>'exp')::numeric > " + NOW_EPOCH,
  "jsonb_typeof(t.payload->'grantId') = 'string' and jsonb_typeof(t.payload->'accountId') = 'string'",
  "jsonb_typeof(t.payload->'scope') = 'string' and t.payload->>'scope' <> ''",
  ...["jkt", "x5t#S256", "attestationJkt", "rar", "expiresWithSession"].map((key) => unset("t.payload", key)),
  "(not jsonb_exists(t.payload, 'claims') or t.payload->'claims' = '{}'::jsonb)",
  `jsonb_typeof(t.payload->'resource') = 'string' and t.payload->>'resource' = '${IDENTITY_RESOURCE}'`,
  "(t.payload->'rotations' is null or jsonb_typeof(t.payload->'rotations') = 'number')",
  "g.payload->>'clientId' = t.payload->>'clientId' and g.payload->>'accountId' = t.payload->>'accountId'",
  "not jsonb_exists(g.payload, 'rejected') and not jsonb_exists(g.payload, 'rar')",
  `(jsonb_typeof(g.payload->'exp') is distinct from 'number' or (g.payload->>'exp')::numeric > ${NOW_EPOCH})`,
  "(not jsonb_exists(coalesce(g.payload->'openid', '{}'::jsonb), 'claims') or g.payload->'openid'->'claims' = '[]'::jsonb)",
  `jsonb_typeof(g.payload->'resources'->'${IDENTITY_RESOURCE}') = 'string'`,
].join("\n      and ");

/** `refresh_token.js`: `gty` gains " refresh_token" unless it already ends with it; `rotations` counts up; new `iat` and `exp`. */
const NEXT_PAYLOAD = `(c.payload - 'consumed' - 'jti')
    || jsonb_build_object('iat', $4::bigint, 'exp', $5::bigint, 'rotations', coalesce((c.payload->>'rotations')::bigint, 0) + 1)
    || case when coalesce(c.payload->>'gty', '') <> '' and right(c.payload->>'gty', 13) <> 'refresh_token'
         then jsonb_build_object('gty', (c.payload->>'gty') || ' refresh_token') else '{}'::jsonb end`;

const STATEMENT = `with t as (
    select t.id, t.payload, g.payload as grant_payload, u.id as account_id, u.email as account_email, u.user_metadata as account_metadata
      from oauth_records t
      join oauth_records g on g.kind = 'Grant' and g.id = t.grant_id and g.consumed_at is null
        and (g.expires_at is null or g.expires_at > now())
        and not exists (select 1 from auth_sessions s where s.id = ${asUuid("g.id")} and (s.revoked_at is not null or s.expires_at <= now()))
      join auth_users u on u.id = ${asUuid("t.payload->>'accountId'")}
     where t.kind = 'RefreshToken' and t.id = $1 and t.consumed_at is null and (t.expires_at is null or t.expires_at > now())
      and t.payload->>'clientId' = $2
      and ${UNDERSTOOD}
     limit 1),
  claimed as (update oauth_records r set consumed_at = now() from t
     where r.kind = 'RefreshToken' and r.id = t.id and r.consumed_at is null
     returning t.payload, t.grant_payload, t.account_id, t.account_email, t.account_metadata),
  saved as (insert into oauth_records (kind, id, payload, grant_id, user_code, uid, expires_at)
     select 'RefreshToken', $3::text, ${NEXT_PAYLOAD}, c.payload->>'grantId', null, null, $6::timestamptz from claimed c
     on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
       user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at
     returning 1),
  touched as (update auth_sessions set refreshed_at = now()
     where id = (select ${asUuid("c.payload->>'grantId'")} from claimed c) and oauth_client_id is not null returning 1)
  select c.* from claimed c`;

/** Prepared once per connection: planning this statement cost PostgreSQL about three times what running it does (ADR 094). */
const CLAIM_REFRESH = preparedStatement("refresh-claim", STATEMENT);

export interface ClaimedRefresh {
  /** The spent token's payload, as it was. */
  payload: Record<string, unknown>;
  grant_payload: Record<string, unknown>;
  account_id: string;
  account_email: string;
  account_metadata: Record<string, unknown> | null;
}

/**
 * Spends the refresh token stored under `key` for `clientId` and saves the next one under
 * `nextKey` (issued at `iat`, expiring at `exp`, epoch seconds), in one statement, when the fast
 * path may answer it; null when nothing was written (the library answers).
 */
export async function claimRefresh(em: EntityManager, request: { key: string; clientId: string; nextKey: string; iat: number; exp: number }): Promise<ClaimedRefresh | null> {
  const rows = await runPrepared<ClaimedRefresh>(em, CLAIM_REFRESH, [request.key, request.clientId, request.nextKey, request.iat, request.exp, new Date(request.exp * 1000)]);
  return rows[0] ?? null;
}
