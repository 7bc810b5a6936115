import { createHash } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { IDENTITY, IdentityError, startUpstreamSession, type TokenResponse } from "../identity";
import { log } from "../platform/log";
import { accountForPerson } from "./accounts";
import { customIdTokenIssuer } from "./custom-id-token";
import { EXTERNAL } from "./error-codes";
import { IdTokenError, isCompactJwt, verifyIdToken, type IdTokenIssuer } from "./id-token";
import { upstreamTimeoutMs } from "./http";
import { discoveredIssuer, openIdIssuer, personOfClaims } from "./openid";
import { providerSettings } from "./providers";

/**
 * `POST /auth/v1/token?grant_type=id_token` (auth-js `signInWithIdToken`), GoTrue's
 * IdTokenGrant (internal/api/token_oidc.go): an app that signed the person in with Google, the
 * `keycloak` issuer or a custom OpenID provider (`custom:<identifier>`) itself hands over the ID token. It is verified as the callback's is
 * (the issuer's keys from discovery, `iss`, `exp`, `aud` the configured client id, the nonce's
 * SHA-256), then the account is found or made exactly as after the callback (accounts.ts)
 * and a session answered.
 */
export interface IdTokenGrantInput {
  id_token?: unknown;
  access_token?: unknown;
  nonce?: unknown;
  provider?: unknown;
  client_id?: unknown;
  issuer?: unknown;
}

/** GoTrue's OAuthError: 400 with `{ error, error_description }`, no `error_code`. */
export class OAuthRefusal extends IdentityError {
  constructor(readonly error: string, description: string) {
    super({ status: 400, code: error }, description);
  }
  override toBody() {
    return { error: this.error, error_description: this.message } as unknown as ReturnType<IdentityError["toBody"]>;
  }
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

const idTokenRequired = () => new OAuthRefusal("invalid request", "id_token required");

/**
 * The OpenID provider a request names, by `provider` or by `issuer` (GoTrue's getProvider); null
 * for any other. A `custom:` one is read from the table; a missing `id_token` is refused first,
 * as GoTrue checks it before looking the provider up.
 */
export async function idTokenProviderOf(em: EntityManager, input: IdTokenGrantInput): Promise<IdTokenIssuer | null> {
  const named = text(input.provider);
  if (named.startsWith("custom:")) {
    if (!text(input.id_token)) throw idTokenRequired();
    return customIdTokenIssuer(em, named);
  }
  const issuer = text(input.issuer);
  for (const name of ["google", "keycloak"] as const) {
    const settings = providerSettings(name);
    const own = openIdIssuer(name, settings);
    if (named === name || (!named && issuer !== "" && issuer === own && (name === "google" || settings.enabled))) {
      return { name, issuer: own, audiences: [settings.clientId], skipNonceCheck: false, emailOptional: false };
    }
  }
  return null;
}

/** A built-in provider switched off: GoTrue's provider_disabled, naming the issuer. */
function checkEnabled(chosen: IdTokenIssuer): void {
  const enabled = chosen.name.startsWith("custom:") || providerSettings(chosen.name as "google" | "keycloak").enabled;
  if (!enabled || !chosen.issuer) throw new IdentityError(IDENTITY.ID_TOKEN_PROVIDER_DISABLED, `Provider (issuer ${JSON.stringify(chosen.issuer)}) is not enabled`);
}

export async function signInWithIdToken(em: EntityManager, input: IdTokenGrantInput, chosen: IdTokenIssuer): Promise<TokenResponse> {
  const idToken = text(input.id_token);
  if (!idToken) throw idTokenRequired();
  checkEnabled(chosen);
  // What is not even a JWT is GoTrue's "Bad ID token" without asking the provider for its
  // discovery document and keys: an anonymous request makes no outbound call for it, and the
  // answer does not hang on (or fail with) a provider that cannot be reached.
  if (!isCompactJwt(idToken)) throw new OAuthRefusal("invalid request", "Bad ID token");
  const document = await discoveredIssuer(chosen.issuer).catch((error: unknown) => {
    log.warn("signInWithIdToken: discovery failed", { reason: error instanceof Error ? error.message : String(error) });
    throw new IdentityError(EXTERNAL.UPSTREAM_FAILURE, "Error getting the provider's discovery document");
  });
  const nonce = text(input.nonce);
  const claims = await verifyIdToken(idToken, {
    issuer: document.issuer,
    jwksUri: document.jwks_uri,
    audience: chosen.audiences,
    ...(nonce ? { nonce } : {}),
    skipNonceCheck: chosen.skipNonceCheck,
    timeoutMs: upstreamTimeoutMs(),
  }).catch((error: unknown) => {
    if (error instanceof IdTokenError) throw new OAuthRefusal(error.error, error.message);
    throw error;
  });
  checkAccessTokenHash(claims.at_hash, text(input.access_token));
  const person = personOfClaims(document.issuer, claims as Record<string, unknown>);
  const { userId } = await accountForPerson(em, chosen.name, person, { emailOptional: chosen.emailOptional });
  return startUpstreamSession(em, userId, chosen.name);
}

/**
 * go-oidc's VerifyAccessToken, which GoTrue runs when the client sends `access_token` and the
 * token carries `at_hash`: the left half of the access token's SHA-256 (the ES256/RS256 family
 * uses SHA-256; the others are rare enough for Google and Keycloak to be checked the same way).
 */
function checkAccessTokenHash(atHash: unknown, accessToken: string): void {
  if (!accessToken || typeof atHash !== "string" || atHash === "") return;
  const digest = createHash("sha256").update(accessToken).digest();
  if (digest.subarray(0, digest.length / 2).toString("base64url") !== atHash) throw new OAuthRefusal("invalid request", "Bad ID token");
}
