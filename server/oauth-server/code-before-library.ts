import type { SqlConnection } from "../platform/db/sql-connection";
import { sha256Base64url } from "../platform/crypto/sha256";
import { oauthAccount } from "./accounts";
import { claimCode } from "./code-claim";
import { allowsRefresh, epochNow, libraryTokenResponse, nanoid, plainTokenRequest, type PlainTokenHeaders } from "./library-token-issuing";
import { REFRESH_TOKEN_SECONDS } from "./oauth-provider";

/**
 * The code exchange answered before the library when its answer would be the same (issue 30,
 * ADR 090), as the refresh grant is (ADR 088): one statement where the library's path makes
 * two (code-claim.ts), without Koa, the library's middleware and its model objects. What it
 * checks and issues is copied from oidc-provider 9.13's `authorization_code.js`,
 * `grant_common.js` and `pkce.js` with this service's configuration (oauth-provider.ts): the
 * verifier's format (43 to 128 of `[A-Za-z0-9_.~-]`) and its S256 challenge, the code's client,
 * `redirect_uri` and expiry, the grant and the account; the JWT access token and the ID token for
 * `openid` (library-token-issuing.ts), and the first refresh token for a client allowed the
 * refresh grant (`issueRefreshToken`): the code's members, `gty: authorization_code`,
 * `rotations: 0`, `iiat` = `iat`, the 30-day TTL.
 *
 * Anything it does not fully understand is the library's (null): a repeated or unknown
 * parameter (`resource`, `scope`, …), a missing `redirect_uri` (the library may take the
 * client's only one), a missing or malformed verifier, DPoP, an Origin (CORS), a client it cannot
 * certainly authenticate or whose metadata asks for anything but the defaults, and every code
 * the statement does not claim: unknown, spent (the library's reuse path ends the grant), expired,
 * of another client, for another `redirect_uri`, with another challenge, bound, tied to a session,
 * carrying `claims` or authorization details, for a deployed tool, or of a grant that is not live.
 * The library then refuses it, or answers it, in its own words.
 */

/** The only parameters a request answered here may carry, each once. */
const UNDERSTOOD = new Set(["grant_type", "code", "redirect_uri", "code_verifier", "client_id", "client_secret"]);

/** pkce_format.js: what the library takes as a verifier. */
const VERIFIER = /^[\w.~-]{43,128}$/;

/** The token response the library would give, or null for the library to answer. */
export async function codeExchangeBeforeLibrary(em: () => SqlConnection, headers: PlainTokenHeaders, body: string): Promise<Record<string, unknown> | null> {
  const request = await plainTokenRequest(em, headers, body, "authorization_code", UNDERSTOOD);
  if (!request) return null;
  const { params, clientId, client, signing } = request;
  const [code, redirectUri, verifier] = [params.get("code"), params.get("redirect_uri"), params.get("code_verifier")];
  if (!code || !redirectUri || !verifier || !VERIFIER.test(verifier)) return null;
  const now = epochNow();
  const refreshToken = allowsRefresh(client) ? nanoid(43) : undefined;
  const claimed = await claimCode(em(), {
    key: sha256Base64url(code),
    clientId,
    redirectUri,
    challenge: sha256Base64url(verifier),
    refreshToken: refreshToken ? { key: sha256Base64url(refreshToken), iat: now, exp: now + REFRESH_TOKEN_SECONDS } : null,
  });
  if (!claimed) return null;
  const account = oauthAccount(claimed.account_id, claimed.account_email, claimed.account_metadata);
  return libraryTokenResponse(signing, { clientId, source: claimed.payload, grant: claimed.grant_payload, account, now, refreshToken });
}
