import { randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { CompactSign } from "jose";
import { ACCESS_TOKEN_SECONDS } from "../identity";
import { sha256Base64url } from "../platform/crypto/sha256";
import { claimsByScope, oauthAccount, type OAuthAccount } from "./accounts";
import { certainlyAuthenticatedClient } from "./client-authentication";
import { librarySigning, type LibrarySigning } from "./library-signing";
import { REFRESH_TOKEN_SECONDS } from "./oauth-provider";
import { findStoredClient } from "./oauth-clients/stored-clients";
import { IDENTITY_RESOURCE, IDENTITY_SCOPES, TOOLS_SCOPE } from "./scopes";
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
 * authenticate or whose metadata asks for anything but the defaults, a refresh token that is
 * unknown, spent (the library's own reuse path runs), expired, bound (DPoP, mTLS, attestation),
 * tied to a session, carrying `claims` or authorization details, or for another resource (a
 * deployed tool), a grant with rejected scopes or claims (refresh-claim.ts checks the stored
 * ones and writes nothing then). A token a parallel request spent first is left to the library,
 * whose reuse path ends the grant and refuses it in its own words.
 */

/** The only parameters a request answered here may carry, each once. */
const UNDERSTOOD = new Set(["grant_type", "refresh_token", "client_id", "client_secret"]);

/** oauth-provider.ts `claims`: what each scope shows in an ID token, in the library's order. */
const CLAIMS_BY_SCOPE: Record<string, string[]> = { openid: ["sub"], email: ["email"], profile: ["name", "picture"] };

/** Client metadata that changes what the library issues or checks: a client naming any of them is the library's. */
const UNUSUAL_CLIENT_METADATA = [
  "dpop_bound_access_tokens",
  "tls_client_certificate_bound_access_tokens",
  "id_token_encrypted_response_alg",
  "id_token_encrypted_response_enc",
  "authorization_details_types",
];

export interface RefreshHeaders {
  authorization?: string;
  /** An OAuth client attestation header is present. */
  attested: boolean;
  /** A DPoP proof is present. */
  dpop: boolean;
}

type Payload = Record<string, unknown>;

const epochNow = () => Math.floor(Date.now() / 1000);
/** oidc-provider's nanoid: base64url characters, 43 (256 bits) for its token ids. */
const nanoid = (length: number) => randomBytes(Math.ceil((length * 3) / 4)).toString("base64url").slice(0, length);

/** The token response the library would give, or null for the library to answer. */
export async function refreshBeforeLibrary(em: () => EntityManager, headers: RefreshHeaders, body: string): Promise<Record<string, unknown> | null> {
  const signing = librarySigning();
  if (!signing || headers.dpop) return null;
  const params = new URLSearchParams(body);
  const names = [...params.keys()];
  if (new Set(names).size !== names.length || names.some((name) => !UNDERSTOOD.has(name))) return null;
  const value = params.get("refresh_token");
  if (params.get("grant_type") !== "refresh_token" || !value) return null;
  const clientId = await certainlyAuthenticatedClient(em, headers, params);
  if (!clientId) return null;
  const client = await findStoredClient(em, clientId);
  if (!client || !plainClient(client)) return null;
  const nextValue = nanoid(43);
  const now = epochNow();
  const claimed = await claimRefresh(em(), { key: sha256Base64url(value), clientId, nextKey: sha256Base64url(nextValue), iat: now, exp: now + REFRESH_TOKEN_SECONDS });
  if (!claimed) return null;
  const token = claimed.payload;
  const grant = claimed.grant_payload;
  const account = oauthAccount(claimed.account_id, claimed.account_email, claimed.account_metadata);
  const grantId = token.grantId as string;

  const scopes = new Set(String(token.scope).split(" "));
  const accessScope = resourceScope(grant, IDENTITY_RESOURCE, [...scopes].filter((scope) => (IDENTITY_SCOPES as readonly string[]).includes(scope)));
  const accessToken = await signedAccessToken(signing, { clientId, grantId, account, scope: accessScope, now });
  const idToken = scopes.has("openid") ? await signedIdToken(signing, { clientId, token, grant, account, scopes, now }) : undefined;
  return Object.fromEntries(
    Object.entries({ access_token: accessToken, expires_in: ACCESS_TOKEN_SECONDS, id_token: idToken, refresh_token: nextValue, scope: token.scope ? accessScope : accessScope || undefined, token_type: "Bearer" }).filter(
      ([, field]) => field !== undefined,
    ),
  );
}

/** A stored client whose metadata leaves the refresh grant as the library's defaults make it. */
function plainClient(client: Payload): boolean {
  const grantTypes = client.grant_types ?? ["authorization_code", "refresh_token"];
  if (!Array.isArray(grantTypes) || !grantTypes.includes("refresh_token")) return false;
  if (client.subject_type !== undefined && client.subject_type !== "public") return false;
  if (client.id_token_signed_response_alg !== undefined && client.id_token_signed_response_alg !== "ES256") return false;
  return UNUSUAL_CLIENT_METADATA.every((name) => client[name] === undefined || client[name] === false);
}

/** Grant#getResourceScopeFiltered: the grant's scope for `resource`, in its order, kept to `filter`. */
function resourceScope(grant: Payload, resource: string, filter: string[]): string {
  const wanted = new Set(filter);
  return String((grant.resources as Record<string, string>)[resource]).split(" ").filter((scope) => wanted.has(scope)).join(" ");
}

/** The library's JWT access token format (formats/jwt.js) for the identity resource, with `extraTokenClaims`. */
async function signedAccessToken(signing: LibrarySigning, at: { clientId: string; grantId: string; account: OAuthAccount; scope: string; now: number }): Promise<string> {
  const scopes = new Set(at.scope.split(" "));
  const showsEmail = scopes.has("email") || scopes.has(TOOLS_SCOPE);
  const payload = {
    email: showsEmail ? at.account.email : undefined,
    session_id: at.grantId,
    jti: nanoid(43),
    sub: at.account.id,
    iat: at.now,
    exp: at.now + ACCESS_TOKEN_SECONDS,
    scope: at.scope || undefined,
    client_id: at.clientId,
    iss: signing.issuer,
    aud: "authenticated",
  };
  return sign(signing, payload, { alg: "ES256", typ: "at+jwt", kid: signing.kid });
}

/** The library's ID token of a refresh (grant_common.js `issueIdToken`, IdToken#issue): the granted OIDC scope's claims, `nonce`, `sid`. */
async function signedIdToken(signing: LibrarySigning, id: { clientId: string; token: Payload; grant: Payload; account: OAuthAccount; scopes: Set<string>; now: number }): Promise<string> {
  const granted = String((id.grant.openid as { scope?: string } | undefined)?.scope ?? "").split(" ");
  const idScope = granted.filter((scope) => id.scopes.has(scope));
  const available: Record<string, unknown> = claimsByScope(id.account, new Set(String(id.token.scope).split(" ")));
  const claims: Record<string, unknown> = {};
  for (const scope of idScope) for (const claim of CLAIMS_BY_SCOPE[scope] ?? []) if (Object.hasOwn(available, claim)) claims[claim] = available[claim];
  const payload = { ...claims, nonce: id.token.nonce, sid: id.token.sid, aud: id.clientId, exp: id.now + ACCESS_TOKEN_SECONDS, iat: id.now, iss: signing.issuer, sub: claims.sub };
  return sign(signing, payload, { alg: "ES256", kid: signing.kid });
}

function sign(signing: LibrarySigning, payload: Record<string, unknown>, header: { alg: string; typ?: string; kid: string }): Promise<string> {
  return new CompactSign(Buffer.from(JSON.stringify(payload))).setProtectedHeader(header).sign(signing.privateKey);
}
