import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { discoveredIssuer, EXTERNAL, IdTokenError, upstreamJson, upstreamTimeoutMs, verifyIdToken } from "../external-sign-in";
import { IdentityError } from "../identity";
import { decryptSecret } from "../platform/crypto/secret-box";
import { getConfig } from "../platform/config";
import { log } from "../platform/log";
import { ssoAccount } from "./accounts";
import { SSO } from "./error-codes";
import { landingUrl, redirectOutcome } from "./landing";
import { claimValues, mappedClaims } from "./mapping";
import { findProvider, type StoredProvider } from "./providers";
import { isUuid } from "./provider-params";
import { createRelayState, takeOidcState, type RelayState } from "./relay-state";
import { refusalReport, reportOfPerson, saveTestReport } from "./test-reports";
import { requireSamlEnabled } from "./sso-switch";

/**
 * An OpenID Connect enterprise connection's sign-in (issue 32 item 2, ADR 085), beside SAML's
 * behind the same `POST /auth/v1/sso`:
 * - start: the issuer's authorization endpoint (from its discovery document) with the code
 *   flow, PKCE S256 (our verifier, kept server-side), a `nonce` (the ID token carries its hex
 *   SHA-256, GoTrue's rule) and `state` = the id of a one-use row that holds them both, valid
 *   10 minutes (a person may have to type a password and a second factor upstream);
 * - callback (`GET {AUTH_URL}/sso/oidc/callback`, the redirect URI a company pastes): the row is
 *   taken once, the code exchanged with the client secret and the verifier, the ID token
 *   verified (signature by the issuer's JWKS, `iss`, `aud` = client id, `exp`, `nonce`),
 *   userinfo read for the same `sub`, the mapping applied, then the account as SAML's.
 */
export const OIDC_STATE_SECONDS = 10 * 60;

export function oidcCallbackUrl(): string {
  return `${getConfig().authUrl}/sso/oidc/callback`;
}

const base64url = (bytes: Buffer) => bytes.toString("base64url");
const sha256 = (text: string) => createHash("sha256").update(text);

export async function oidcAuthorizationUrl(
  em: EntityManager,
  provider: StoredProvider,
  start: { redirectTo: string; codeChallenge: string | null; codeChallengeMethod: string | null },
  /** "Test the connection" (ADR 086): the owner whose test this is; the callback then only reports. */
  testForUser: string | null = null,
): Promise<string> {
  const document = await discoveredIssuer(provider.issuer ?? "");
  const nonce = base64url(randomBytes(32));
  const codeVerifier = base64url(randomBytes(32));
  const stateId = await createRelayState(
    em,
    { providerId: provider.id, requestId: "", redirectTo: start.redirectTo, codeChallenge: start.codeChallenge, codeChallengeMethod: start.codeChallengeMethod, seconds: OIDC_STATE_SECONDS, oidc: { nonce, codeVerifier } },
    randomUUID(),
  );
  if (testForUser) await em.getConnection().execute(`update sso_relay_states set test_for_user = ? where id = ?`, [testForUser, stateId]);
  const url = new URL(document.authorization_endpoint);
  url.searchParams.set("client_id", provider.client_id ?? "");
  url.searchParams.set("redirect_uri", oidcCallbackUrl());
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", "openid email profile");
  url.searchParams.set("state", stateId);
  url.searchParams.set("nonce", sha256(nonce).digest("hex"));
  url.searchParams.set("code_challenge", sha256(codeVerifier).digest("base64url"));
  url.searchParams.set("code_challenge_method", "S256");
  return url.href;
}

/** The callback: always a redirect, to `redirect_to` (302) or, refused, to the site URL with GoTrue's error query (303). */
export async function finishOidcSso(em: EntityManager, query: Record<string, string>): Promise<{ status: 302 | 303; location: string }> {
  return redirectOutcome(() => callback(em, query));
}

async function callback(em: EntityManager, query: Record<string, string>): Promise<string> {
  requireSamlEnabled();
  if (!query.state) throw new IdentityError(EXTERNAL.BAD_OAUTH_CALLBACK, "OAuth state parameter missing");
  // A strict UUID: 36 hyphens or digits would reach the uuid column as a database error.
  if (!isUuid(query.state)) throw new IdentityError(EXTERNAL.BAD_OAUTH_STATE, "OAuth state is invalid or has already been used");
  const state = await takeOidcState(em, query.state);
  const provider = await findProvider(em, state.provider_id);
  // "Test the connection" (ADR 086): the same checks to the end, then only the owner's report.
  if (state.test_for_user) {
    const report = await checkedOidcPerson(provider, query, state).then((person) => reportOfPerson(provider!, person), refusalReport);
    return saveTestReport(em, state.provider_id, state.test_for_user, report);
  }
  const { subject, email, claims } = await checkedOidcPerson(provider, query, state);
  const userId = await ssoAccount(em, provider!, { userId: subject, email, issuer: provider!.issuer ?? "", claims });
  return landingUrl(em, `sso:${provider!.id}`, userId, state.redirect_to, { codeChallenge: state.code_challenge, codeChallengeMethod: state.code_challenge_method });
}

/** Everything a sign-in proves before anyone is signed in: the provider usable, the code exchanged, the ID token and the address checked, the mapping applied. */
async function checkedOidcPerson(provider: StoredProvider | null, query: Record<string, string>, state: RelayState): Promise<{ subject: string; email: string; claims: Record<string, unknown> }> {
  if (query.error) throw new IdentityError(EXTERNAL.BAD_OAUTH_CALLBACK, `The identity provider refused the sign-in: ${query.error_description || query.error}`.slice(0, 300));
  if (!query.code) throw new IdentityError(EXTERNAL.BAD_OAUTH_CALLBACK, "OAuth callback with missing authorization code");
  if (!provider || provider.type !== "oidc") throw new IdentityError(SSO.PROVIDER_NOT_FOUND, "No such SSO provider");
  if (provider.disabled) throw new IdentityError(SSO.PROVIDER_DISABLED, "SSO Provider is currently disabled");
  const claims = await verifiedClaims(provider, query.code, state.oidc_nonce ?? "", state.oidc_code_verifier ?? "");
  const mapped = mappedClaims((name) => claimValues(claims, name), provider.attribute_mapping ?? {});
  const email = String(mapped.email ?? claims.email ?? "").trim().toLowerCase();
  if (!email || !email.includes("@")) throw new IdentityError(SSO.NO_EMAIL, "The ID token and userinfo name no email address");
  if (claims.email_verified === false || claims.email_verified === "false") throw new IdentityError(EXTERNAL.PROVIDER_EMAIL_NEEDS_VERIFICATION, "The identity provider has not verified this email address");
  // The usual OpenID claims unless the mapping says where else they come from.
  const usual = { name: claims.name, given_name: claims.given_name, family_name: claims.family_name, groups: claims.groups };
  const personClaims = Object.fromEntries(Object.entries({ ...usual, ...mapped, email }).filter(([, value]) => value !== undefined));
  return { subject: String(claims.sub), email, claims: personClaims };
}

/** The code exchanged (client secret in the form, our PKCE verifier), the ID token verified, userinfo of the same `sub` merged in. */
async function verifiedClaims(provider: StoredProvider, code: string, nonce: string, codeVerifier: string): Promise<Record<string, unknown>> {
  const document = await discoveredIssuer(provider.issuer ?? "");
  const clientId = provider.client_id ?? "";
  const body = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: oidcCallbackUrl(), client_id: clientId, client_secret: decryptSecret(provider.client_secret_sealed ?? ""), code_verifier: codeVerifier });
  const tokens = await upstreamJson<{ access_token?: string; id_token?: string }>(document.token_endpoint, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body }).catch((error: unknown) => {
    log.info("sso: an OpenID code exchange failed", { provider: provider.id, reason: error instanceof Error ? error.message : String(error) });
    throw new IdentityError(EXTERNAL.UPSTREAM_FAILURE, "The identity provider did not exchange the code");
  });
  if (!tokens.id_token) throw new IdentityError(SSO.VALIDATION_FAILED, "The identity provider answered no ID token");
  const claims = await verifyIdToken(tokens.id_token, { issuer: document.issuer, jwksUri: document.jwks_uri, audience: clientId, nonce, timeoutMs: upstreamTimeoutMs() }).catch((error: unknown) => {
    const reason = error instanceof IdTokenError ? error.message : "Bad ID token";
    log.info("sso: an OpenID ID token was refused", { provider: provider.id, reason, cause: error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined });
    throw new IdentityError(SSO.VALIDATION_FAILED, `ID token is not valid: ${reason}`);
  });
  if (!document.userinfo_endpoint || !tokens.access_token) return claims;
  const info = await upstreamJson<Record<string, unknown>>(document.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } }).catch(() => ({}) as Record<string, unknown>);
  // userinfo speaks for the same person only: a different `sub` is ignored (OpenID Core 5.3.2).
  return info.sub === claims.sub ? { ...claims, ...info, sub: claims.sub } : claims;
}
