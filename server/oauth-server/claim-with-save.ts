import type { EntityManager } from "@mikro-orm/postgresql";
import { preparedStatement, runPrepared } from "../platform/db/prepared-statement";
import { currentLibraryRequest } from "./token-with-grant";

/**
 * A refresh spends its refresh token and saves the next one; a code exchange spends its code
 * and (for a client allowed the refresh grant) saves the first refresh token. The library calls
 * the adapter's `consume` (the claim, `consumed_at` null -> now) and later `upsert` of the new
 * refresh token: two waits for PostgreSQL where one statement does both (issue 30, ADR 083).
 * `consume` then only notes the claim for the request being served, and the refresh token's
 * save makes it, in the same statement (a CTE) that writes the new row only when the claim won.
 * A lost claim is answered there exactly as `consume` answers it (the grant ends, the request is
 * refused), before any answer leaves: the library writes the response after the save. A code
 * is deferred only when a refresh token will be saved (the `issueRefreshToken` rule,
 * oauth-provider.ts); a claim still pending when a successful answer is about to leave is made
 * then (`settleDeferredClaim`, a net should the library ever skip the save). No request
 * context (a call outside the library's request): claimed at once, as before. Kept per request
 * (the library's context), taken once, never shared.
 */

export interface DeferredClaim {
  kind: "RefreshToken" | "AuthorizationCode";
  /** The row's stored id (the token's hash). */
  key: string;
}

const pendingPerRequest = new WeakMap<object, DeferredClaim>();

interface LibraryContext {
  oidc?: { client?: { grantTypeAllowed?: (type: string) => boolean } };
}

/**
 * Notes the claim on the row of `kind` stored under `key` for this request's refresh token
 * save; false (claim it now) when no such save will follow or there is no request to note it on.
 */
export function deferClaim(kind: string, key: string): boolean {
  if (kind !== "RefreshToken" && kind !== "AuthorizationCode") return false;
  const request = currentLibraryRequest() as LibraryContext | undefined;
  if (!request || pendingPerRequest.has(request)) return false;
  // A code exchange saves a refresh token only for a client allowed the refresh grant (oauth-provider.ts `issueRefreshToken`).
  if (kind === "AuthorizationCode" && request.oidc?.client?.grantTypeAllowed?.("refresh_token") !== true) return false;
  pendingPerRequest.set(request, { kind, key });
  return true;
}

/** The claim this request must still make, once. */
export function takeDeferredClaim(request: object | undefined = currentLibraryRequest()): DeferredClaim | null {
  if (!request) return null;
  const claim = pendingPerRequest.get(request) ?? null;
  pendingPerRequest.delete(request);
  return claim;
}

const ON_CONFLICT = `on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
    user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`;

// A data-modifying CTE's rows are what the others see: the save and the touch wait for the claim's.
const claimAndSave = (touch: string) => `with claimed as (update oauth_records set consumed_at = now() where kind = $1 and id = $2 and consumed_at is null returning 1),
    saved as (insert into oauth_records (kind, id, payload, grant_id, user_code, uid, expires_at)
      select $3::text, $4::text, $5::jsonb, $6::text, $7::text, $8::text, $9::timestamptz where exists (select 1 from claimed)
      ${ON_CONFLICT} returning 1)${touch}
    select (select count(*) from claimed)::int as claimed`;

/** Prepared once per connection, with and without the session's touch (ADR 094). */
const CLAIM_AND_SAVE = preparedStatement("claim-and-save-refresh-token", claimAndSave(""));
const CLAIM_SAVE_AND_TOUCH = preparedStatement(
  "claim-save-refresh-token-and-touch",
  claimAndSave(`, touched as (update auth_sessions set refreshed_at = now() where id = $10::uuid and oauth_client_id is not null and exists (select 1 from claimed) returning 1)`),
);

/**
 * Makes `claim` and, only when it wins, saves the new refresh token (`values`: the adapter's
 * kind, id, payload, grant_id, user_code, uid, expires_at) and touches its grant's session row
 * (`touchedSession`, a uuid, or null): one statement. Answers whether the claim won; a lost
 * claim wrote nothing.
 */
export async function claimAndSaveRefreshToken(em: EntityManager, claim: DeferredClaim, values: unknown[], touchedSession: string | null): Promise<boolean> {
  const statement = touchedSession ? CLAIM_SAVE_AND_TOUCH : CLAIM_AND_SAVE;
  const rows = await runPrepared<{ claimed: number }>(em, statement, [claim.kind, claim.key, ...values, ...(touchedSession ? [touchedSession] : [])]);
  return Number(rows[0]?.claimed ?? 0) > 0;
}
