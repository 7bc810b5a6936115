import type { SqlConnection } from "../platform/db/sql-connection";
import { runPrepared } from "../platform/db/prepared-statement";
import { claimStatement, type ClaimedToken } from "./claim-sql";

/**
 * The code exchange answered before the library (code-before-library.ts) in one statement, where
 * the library's path makes two (the code's read with its grant and account, token-with-grant.ts;
 * the claim riding on the first refresh token's save, claim-with-save.ts, ADR 083): the read,
 * the claim (`consumed_at` null -> now), the first refresh token's save and the session row's
 * touch (only for a client given a refresh token, as the library's save does), written only
 * when every condition holds and the claim wins. Otherwise nothing is written and the library
 * takes the request and reads the code itself: a spent code (a reuse, or a claim a parallel
 * request won) meets the library's own reuse path, which ends the grant (issue 27, ADR 083); a
 * wrong verifier, redirect_uri or client, or an expired code, meets its own refusal.
 *
 * The conditions copy `authorization_code.js` and `grant_common.js` (oidc-provider 9.13): the
 * code unexpired, unspent, of this client, for this `redirect_uri`, its S256 challenge the
 * verifier's (the caller hashes it), not DPoP-bound (`dpopJkt`); and what the refresh path
 * holds too (claim-sql.ts): nothing bound, no `claims`, no authorization details, no session
 * binding, the identity resource; the grant live, of the same client and account.
 */

/** Beyond what every claim holds (claim-sql.ts); their parameters are the `redirect_uri` and the verifier's challenge, in this order. */
const UNDERSTOOD = [
  "jsonb_typeof(t.payload->'redirectUri') = 'string' and t.payload->>'redirectUri' = ?",
  "t.payload->>'codeChallengeMethod' = 'S256' and jsonb_typeof(t.payload->'codeChallenge') = 'string' and t.payload->>'codeChallenge' = ?",
  "not jsonb_exists(t.payload, 'dpopJkt')",
];

/** The code's members the library's first refresh token takes (`grant_common.js` `issueTokens`); those absent stay absent. */
const CARRIED = ["accountId", "acr", "amr", "authTime", "claims", "expiresWithSession", "grantId", "nonce", "resource", "scope", "sessionUid", "sid", "rar"];

/** `new RefreshToken({…, gty, rotations: 0})` as saved: the code's members, its client, `iat` = `iiat`, `exp`. */
const FIRST_PAYLOAD = `coalesce((select jsonb_object_agg(m.key, m.value) from jsonb_each(c.payload) m
        where m.key in (${CARRIED.map((key) => `'${key}'`).join(", ")})), '{}'::jsonb)
    || jsonb_build_object('kind', 'RefreshToken', 'clientId', c.payload->'clientId', 'gty', 'authorization_code', 'rotations', 0,
         'iat', ?::bigint, 'iiat', ?::bigint, 'exp', ?::bigint)`;

const WITH_REFRESH_TOKEN = claimStatement("code-claim-with-refresh-token", "AuthorizationCode", UNDERSTOOD, FIRST_PAYLOAD);
const WITHOUT_REFRESH_TOKEN = claimStatement("code-claim", "AuthorizationCode", UNDERSTOOD, null);

export type ClaimedCode = ClaimedToken;

export interface CodeClaim {
  /** The code's stored id (its hash). */
  key: string;
  clientId: string;
  redirectUri: string;
  /** The verifier's S256 challenge. */
  challenge: string;
  /** The first refresh token's stored id (its hash), issued at `iat`, expiring at `exp` (epoch seconds); none for a client not given one. */
  refreshToken: { key: string; iat: number; exp: number } | null;
}

/** Spends the code and saves the first refresh token, in one statement, when the fast path may answer; null when nothing was written (the library answers). */
export async function claimCode(em: SqlConnection, claim: CodeClaim): Promise<ClaimedCode | null> {
  const read = [claim.key, claim.clientId, claim.redirectUri, claim.challenge];
  const rt = claim.refreshToken;
  const rows = await runPrepared<ClaimedCode>(em, rt ? WITH_REFRESH_TOKEN : WITHOUT_REFRESH_TOKEN, rt ? [...read, rt.key, rt.iat, rt.iat, rt.exp, new Date(rt.exp * 1000)] : read);
  return rows[0] ?? null;
}
