import type { SqlConnection } from "../platform/db/sql-connection";
import { sha256Base64url } from "../platform/crypto/sha256";
import { oauthAccount } from "./accounts";
import { epochNow, libraryTokenResponse, nanoid, plainTokenRequest, type PlainTokenHeaders } from "./library-token-issuing";
import { REFRESH_TOKEN_SECONDS } from "./oauth-provider";
import { claimRefresh } from "./refresh-claim";

/**
 * The refresh grant answered before the library when its answer would be the same (issue 30,
 * ADR 088), as introspection is (ADR 077): one statement where the library's path makes two (the
 * read, the claim, the next token's save and the session's touch at once, refresh-claim.ts),
 * without Koa, the library's middleware and its model objects. What it issues is copied, field by field, from
 * oidc-provider 9.13's `refresh_token.js` with this service's configuration (oauth-provider.ts):
 * the rotated refresh token (`rotations`, `iiat`, `gty`, the fixed 30-day TTL), the JWT access
 * token for the identity resource (`at+jwt`, the library's key, `extraTokenClaims`' `email` and
 * `session_id`, `getResourceScopeFiltered`'s scope) and, for `openid`, the ID token (the scope's
 * claims through `claimsByScope`, `nonce` and `sid`, signed with the same key).
 *
 * Anything it does not fully understand is the library's (null): a repeated or unknown
 * parameter, `scope` or `resource`, DPoP, an Origin (CORS), a client it cannot certainly
 * authenticate or whose metadata asks for anything but the defaults (library-token-issuing.ts), a refresh token that is
 * unknown, spent (the library's own reuse path runs), expired, bound (DPoP, mTLS, attestation),
 * tied to a session, carrying `claims` or authorization details, or for another resource (a
 * deployed tool), a grant with rejected scopes or claims (refresh-claim.ts checks the stored
 * ones and writes nothing then). A token a parallel request spent first is left to the library,
 * whose reuse path ends the grant and refuses it in its own words.
 */

/** The only parameters a request answered here may carry, each once. */
const UNDERSTOOD = new Set(["grant_type", "refresh_token", "client_id", "client_secret"]);

export type RefreshHeaders = PlainTokenHeaders;

/** The token response the library would give, or null for the library to answer. */
export async function refreshBeforeLibrary(em: () => SqlConnection, headers: RefreshHeaders, body: string): Promise<Record<string, unknown> | null> {
  const request = await plainTokenRequest(em, headers, body, "refresh_token", UNDERSTOOD);
  const value = request?.params.get("refresh_token");
  if (!request || !value) return null;
  const { clientId, signing } = request;
  const nextValue = nanoid(43);
  const now = epochNow();
  const claimed = await claimRefresh(em(), { key: sha256Base64url(value), clientId, nextKey: sha256Base64url(nextValue), iat: now, exp: now + REFRESH_TOKEN_SECONDS });
  if (!claimed) return null;
  const account = oauthAccount(claimed.account_id, claimed.account_email, claimed.account_metadata);
  return libraryTokenResponse(signing, { clientId, source: claimed.payload, grant: claimed.grant_payload, account, now, refreshToken: nextValue });
}
