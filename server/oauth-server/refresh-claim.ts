import type { SqlConnection } from "../platform/db/sql-connection";
import { runPrepared } from "../platform/db/prepared-statement";
import { claimStatement, type ClaimedToken } from "./claim-sql";

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

/** `refresh_token.js`: `gty` gains " refresh_token" unless it already ends with it; `rotations` counts up; new `iat` and `exp`. */
const NEXT_PAYLOAD = `(c.payload - 'consumed' - 'jti')
    || jsonb_build_object('iat', ?::bigint, 'exp', ?::bigint, 'rotations', coalesce((c.payload->>'rotations')::bigint, 0) + 1)
    || case when coalesce(c.payload->>'gty', '') <> '' and right(c.payload->>'gty', 13) <> 'refresh_token'
         then jsonb_build_object('gty', (c.payload->>'gty') || ' refresh_token') else '{}'::jsonb end`;

const STATEMENT = claimStatement("refresh-claim", "RefreshToken", ["(t.payload->'rotations' is null or jsonb_typeof(t.payload->'rotations') = 'number')"], NEXT_PAYLOAD);

export type ClaimedRefresh = ClaimedToken;

/**
 * Spends the refresh token stored under `key` for `clientId` and saves the next one under
 * `nextKey` (issued at `iat`, expiring at `exp`, epoch seconds), in one statement, when the fast
 * path may answer it; null when nothing was written (the library answers).
 */
export async function claimRefresh(em: SqlConnection, request: { key: string; clientId: string; nextKey: string; iat: number; exp: number }): Promise<ClaimedRefresh | null> {
  const rows = await runPrepared<ClaimedRefresh>(em, STATEMENT, [request.key, request.clientId, request.nextKey, request.iat, request.exp, new Date(request.exp * 1000)]);
  return rows[0] ?? null;
}
