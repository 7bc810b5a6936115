import { randomBytes } from "node:crypto";
import type { SqlConnection } from "../platform/db/sql-connection";
import { CompactSign } from "jose";
import { ACCESS_TOKEN_SECONDS } from "../identity";
import { claimsByScope, type OAuthAccount } from "./accounts";
import { certainlyAuthenticatedClient } from "./client-authentication";
import { librarySigning, type LibrarySigning } from "./library-signing";
import { IDENTITY_RESOURCE, IDENTITY_SCOPES, TOOLS_SCOPE } from "./scopes";

/**
 * What the token endpoint's grants answered before the library (refresh-before-library.ts,
 * code-before-library.ts; ADR 088, ADR 090) share: the plain request they take, the client they
 * take it from, and the tokens they issue, copied field by field from oidc-provider 9.13 with
 * this service's configuration (oauth-provider.ts): the JWT access token for the identity
 * resource (`formats/jwt.js`, `extraTokenClaims`, `getResourceScopeFiltered`), the ID token
 * (`grant_common.js` `issueIdToken`, `id_token.js`: the `claims` configuration leaves only
 * `sub`, `email`, `name` and `picture` supported, so `acr`, `amr` and `auth_time` never show),
 * and the body (`grant_response.js`, in its member order). A change of the library's version or
 * of its configuration must be read against this file.
 */

/** The headers a fast path reads: the rest of the request is its body. */
export interface PlainTokenHeaders {
  authorization?: string;
  /** An OAuth client attestation header is present. */
  attested: boolean;
  /** A DPoP proof is present. */
  dpop: boolean;
}

/** A request a fast path may answer: its parameters, its authenticated client and the client's stored metadata. */
export interface PlainTokenRequest {
  params: URLSearchParams;
  clientId: string;
  client: Payload;
  signing: LibrarySigning;
}

type Payload = Record<string, unknown>;

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

export const epochNow = () => Math.floor(Date.now() / 1000);
/** oidc-provider's nanoid: base64url characters, 43 (256 bits) for its token ids. */
export const nanoid = (length: number) => randomBytes(Math.ceil((length * 3) / 4)).toString("base64url").slice(0, length);

/**
 * The request when it is one of `grantType` a fast path may answer: the library loaded (its
 * key known), no DPoP, each parameter once and none but `understood`, the client certainly
 * authenticated (client-authentication.ts) with plain metadata that allows `grantType`. Null:
 * the library answers.
 */
export async function plainTokenRequest(em: () => SqlConnection, headers: PlainTokenHeaders, body: string, grantType: string, understood: ReadonlySet<string>): Promise<PlainTokenRequest | null> {
  const signing = librarySigning();
  if (!signing || headers.dpop) return null;
  const params = new URLSearchParams(body);
  if (params.get("grant_type") !== grantType) return null;
  const names = [...params.keys()];
  if (new Set(names).size !== names.length || names.some((name) => !understood.has(name))) return null;
  const authenticated = await certainlyAuthenticatedClient(em, headers, params);
  if (!authenticated || !plainClient(authenticated.client, grantType)) return null;
  return { params, clientId: authenticated.clientId, client: authenticated.client, signing };
}

/** A client allowed the refresh grant: the library issues it a refresh token (oauth-provider.ts `issueRefreshToken`). */
export function allowsRefresh(client: Payload): boolean {
  return grantTypes(client).includes("refresh_token");
}

const grantTypes = (client: Payload): unknown[] => {
  const given = client.grant_types ?? ["authorization_code", "refresh_token"];
  return Array.isArray(given) ? given : [];
};

/** A stored client allowed `grantType` whose metadata leaves what the library checks and issues at its defaults. */
function plainClient(client: Payload, grantType: string): boolean {
  if (!grantTypes(client).includes(grantType)) return false;
  if (client.subject_type !== undefined && client.subject_type !== "public") return false;
  if (client.id_token_signed_response_alg !== undefined && client.id_token_signed_response_alg !== "ES256") return false;
  return UNUSUAL_CLIENT_METADATA.every((name) => client[name] === undefined || client[name] === false);
}

/** What the library issues for a code or refresh token (`source`: its payload) of `grant`, for the identity resource. */
export interface IssuedFrom {
  clientId: string;
  source: Payload;
  grant: Payload;
  account: OAuthAccount;
  now: number;
  /** The refresh token the answer hands out, when one was saved. */
  refreshToken?: string;
}

/** The token response the library gives: the access token, the ID token for `openid`, in `grant_response.js`'s member order. */
export async function libraryTokenResponse(signing: LibrarySigning, issued: IssuedFrom): Promise<Record<string, unknown>> {
  const scopes = new Set(String(issued.source.scope).split(" "));
  // resolveAndApplyResource: the granted resource's scope, kept to what the resource server knows.
  const accessScope = resourceScope(issued.grant, IDENTITY_RESOURCE, [...scopes].filter((scope) => (IDENTITY_SCOPES as readonly string[]).includes(scope)));
  const accessToken = await signedAccessToken(signing, { ...issued, scope: accessScope });
  const idToken = scopes.has("openid") ? await signedIdToken(signing, { ...issued, scopes }) : undefined;
  const body = {
    access_token: accessToken,
    expires_in: ACCESS_TOKEN_SECONDS,
    id_token: idToken,
    refresh_token: issued.refreshToken,
    scope: issued.source.scope ? accessScope : accessScope || undefined,
    token_type: "Bearer",
  };
  return Object.fromEntries(Object.entries(body).filter(([, field]) => field !== undefined));
}

/** Grant#getResourceScopeFiltered: the grant's scope for `resource`, in its order, kept to `filter`. */
function resourceScope(grant: Payload, resource: string, filter: string[]): string {
  const wanted = new Set(filter);
  return String((grant.resources as Record<string, string>)[resource]).split(" ").filter((scope) => wanted.has(scope)).join(" ");
}

/** The library's JWT access token format (formats/jwt.js) for the identity resource, with `extraTokenClaims`. */
async function signedAccessToken(signing: LibrarySigning, at: IssuedFrom & { scope: string }): Promise<string> {
  const scopes = new Set(at.scope.split(" "));
  const showsEmail = scopes.has("email") || scopes.has(TOOLS_SCOPE);
  const payload = {
    email: showsEmail ? at.account.email : undefined,
    session_id: at.source.grantId,
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

/** The library's ID token (grant_common.js `issueIdToken`, IdToken#issue): the granted OIDC scope's claims, `nonce`, `sid`. */
async function signedIdToken(signing: LibrarySigning, id: IssuedFrom & { scopes: Set<string> }): Promise<string> {
  const granted = String((id.grant.openid as { scope?: string } | undefined)?.scope ?? "").split(" ");
  const idScope = granted.filter((scope) => id.scopes.has(scope));
  const available: Record<string, unknown> = claimsByScope(id.account, new Set(String(id.source.scope).split(" ")));
  const claims: Record<string, unknown> = {};
  for (const scope of idScope) for (const claim of CLAIMS_BY_SCOPE[scope] ?? []) if (Object.hasOwn(available, claim)) claims[claim] = available[claim];
  const payload = { ...claims, nonce: id.source.nonce, sid: id.source.sid, aud: id.clientId, exp: id.now + ACCESS_TOKEN_SECONDS, iat: id.now, iss: signing.issuer, sub: claims.sub };
  return sign(signing, payload, { alg: "ES256", kid: signing.kid });
}

function sign(signing: LibrarySigning, payload: Record<string, unknown>, header: { alg: string; typ?: string; kid: string }): Promise<string> {
  return new CompactSign(Buffer.from(JSON.stringify(payload))).setProtectedHeader(header).sign(signing.privateKey);
}
