import { randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { CompactSign } from "jose";
import { ACCESS_TOKEN_SECONDS } from "../identity";
import { sha256Base64url } from "../platform/crypto/sha256";
import { isUuidText } from "../platform/db/uuid-text";
import { claimsByScope, oauthAccount, type OAuthAccount } from "./accounts";
import { claimAndSaveRefreshToken } from "./claim-with-save";
import { certainlyAuthenticatedClient } from "./client-authentication";
import { librarySigning, type LibrarySigning } from "./library-signing";
import { REFRESH_TOKEN_SECONDS } from "./oauth-provider";
import { findStoredClient } from "./oauth-clients/stored-clients";
import { lostClaim } from "./postgres-adapter";
import { IDENTITY_RESOURCE, IDENTITY_SCOPES, TOOLS_SCOPE } from "./scopes";
import { readTokenWithGrant, type TokenWithGrantRow } from "./token-with-grant";

/**
 * The refresh grant answered before the library when its answer would be the same (issue 30,
 * ADR 088), as introspection is (ADR 077): the same two statements (the refresh token with its
 * live grant and account; the claim riding on the next token's save, ADR 083), without Koa, the
 * library's middleware and its model objects. What it issues is copied, field by field, from
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
 * deployed tool), a grant with rejected scopes or claims. A claim lost to a parallel request is
 * answered as the adapter answers it (the grant ends), then left to the library, which refuses
 * the now unknown token in its own words.
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
  const key = sha256Base64url(value);
  const row = await readTokenWithGrant(em(), "RefreshToken", key);
  const now = epochNow();
  const understood = row && understoodRefresh(row, clientId, now);
  if (!understood) return null;
  const { token, grant, account } = understood;

  const next = rotated(token, now);
  const nextValue = nanoid(43);
  const grantId = token.grantId as string;
  const values = ["RefreshToken", sha256Base64url(nextValue), JSON.stringify(next), grantId, null, null, new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000)];
  const claim = { kind: "RefreshToken" as const, key };
  if (!(await claimAndSaveRefreshToken(em(), claim, values, isUuidText(grantId) ? grantId : null))) {
    // Lost to a parallel request: the reuse ends the grant as the adapter ends it; the library then refuses the token.
    await lostClaim(em(), claim, () => new Error("lost claim")).catch(() => undefined);
    return null;
  }

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

/** The token, grant and account when the library would rotate this refresh token without a question; otherwise null. */
function understoodRefresh(row: TokenWithGrantRow, clientId: string, now: number): { token: Payload; grant: Payload; account: OAuthAccount } | null {
  const token = row.payload as Payload;
  const grant = row.grant_payload as Payload | null;
  if (row.consumed_at !== null || !grant || row.grant_consumed_at !== null || row.account_id === null) return null;
  if (token.kind !== "RefreshToken" || ("format" in token && token.format !== "opaque") || token.consumed !== undefined) return null;
  if (token.clientId !== clientId || typeof token.exp !== "number" || token.exp <= now) return null;
  if (typeof token.grantId !== "string" || typeof token.accountId !== "string" || typeof token.scope !== "string" || !token.scope) return null;
  for (const bound of ["jkt", "x5t#S256", "attestationJkt", "rar", "expiresWithSession"]) if (token[bound] !== undefined && token[bound] !== false) return null;
  if (token.claims !== undefined && !(isObject(token.claims) && Object.keys(token.claims).length === 0)) return null;
  if (token.resource !== IDENTITY_RESOURCE) return null;
  if (grant.clientId !== clientId || grant.accountId !== token.accountId || grant.rejected !== undefined || grant.rar !== undefined) return null;
  if (typeof grant.exp === "number" && grant.exp <= now) return null;
  const openid = grant.openid as { scope?: unknown; claims?: unknown } | undefined;
  if (openid?.claims !== undefined && !(Array.isArray(openid.claims) && openid.claims.length === 0)) return null;
  const resources = grant.resources as Record<string, unknown> | undefined;
  if (typeof resources?.[IDENTITY_RESOURCE] !== "string") return null;
  if (row.account_id !== token.accountId) return null;
  return { token, grant, account: oauthAccount(row.account_id, row.account_email!, row.account_metadata) };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The next refresh token's payload, as `refresh_token.js` builds it from the one it rotates. */
function rotated(token: Payload, now: number): Payload {
  const { consumed: _consumed, jti: _jti, ...kept } = token;
  const gty = typeof token.gty === "string" && token.gty && !token.gty.endsWith("refresh_token") ? `${token.gty} refresh_token` : token.gty;
  return { ...kept, iat: now, exp: now + REFRESH_TOKEN_SECONDS, gty, rotations: typeof token.rotations === "number" ? token.rotations + 1 : 1 };
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
