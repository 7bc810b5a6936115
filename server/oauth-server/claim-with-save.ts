import type { EntityManager } from "@mikro-orm/postgresql";
import { currentLibraryRequest } from "./token-with-grant";

/**
 * A refresh spends its refresh token and saves the next one: the library calls the adapter's
 * `consume` (the claim, `consumed_at` null -> now) and right after it `upsert` of the new token,
 * nothing in between but building that token's object (oidc-provider 9's refresh_token.js). Two
 * waits for PostgreSQL where one statement does both (issue 30, ADR 083): `consume` of a
 * refresh token only notes the claim for the request being served, and the new token's save
 * makes it, in the same statement (a CTE) that writes the new row only when the claim won.
 * A lost claim is answered there exactly as `consume` answers it (the grant ends, the request
 * is refused), before any access token exists: the refresh grant creates its access token
 * only after the save. No request context (a call outside the library's request): claimed at
 * once, as before. Kept per request (the library's context), taken once, never shared.
 */

const pendingPerRequest = new WeakMap<object, string>();

/** Notes the claim on the refresh token stored under `key` for this request's next save; false when there is no request to note it on. */
export function deferRefreshTokenClaim(key: string): boolean {
  const request = currentLibraryRequest();
  if (!request) return false;
  pendingPerRequest.set(request, key);
  return true;
}

/** The stored key of the refresh token this request must still claim, once. */
export function takeDeferredClaim(): string | null {
  const request = currentLibraryRequest();
  if (!request) return null;
  const key = pendingPerRequest.get(request) ?? null;
  pendingPerRequest.delete(request);
  return key;
}

const ON_CONFLICT = `on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
    user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`;

/**
 * Claims the refresh token stored under `claimedKey` and, only when that claim wins, saves the
 * new one (`values`: the adapter's kind, id, payload, grant_id, user_code, uid, expires_at) and
 * touches its grant's session row (`touchedSession`, a uuid, or null): one statement. Answers
 * whether the claim won; a lost claim wrote nothing.
 */
export async function claimAndSaveRefreshToken(em: EntityManager, claimedKey: string, values: unknown[], touchedSession: string | null): Promise<boolean> {
  // A data-modifying CTE's rows are what the others see: the save and the touch wait for the claim's.
  const touch = touchedSession
    ? `, touched as (update auth_sessions set refreshed_at = now() where id = ?::uuid and oauth_client_id is not null and exists (select 1 from claimed) returning 1)`
    : "";
  const sql = `with claimed as (update oauth_records set consumed_at = now() where kind = 'RefreshToken' and id = ? and consumed_at is null returning 1),
    saved as (insert into oauth_records (kind, id, payload, grant_id, user_code, uid, expires_at)
      select ?::text, ?::text, ?::jsonb, ?::text, ?::text, ?::text, ?::timestamptz where exists (select 1 from claimed)
      ${ON_CONFLICT} returning 1)${touch}
    select (select count(*) from claimed)::int as claimed`;
  const rows = await em.getConnection().execute<{ claimed: number }[]>(sql, [claimedKey, ...values, ...(touchedSession ? [touchedSession] : [])]);
  return Number(rows[0]?.claimed ?? 0) > 0;
}
