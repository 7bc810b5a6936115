import { decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";
import { getConfig } from "../../platform/config";
import { publicJwks } from "./signing-keys";
import { IDENTITY_TOKEN_ALGORITHMS, isIdentityTokenAlgorithm, JwksCache, KeyLookupError } from "./jwks-cache";

/**
 * Identity tokens (SPEC 5): JWTs from the identity provider, presented as
 * `Authorization: Bearer <jwt>` on the balance endpoints and verified against the provider's
 * JWKS at `{identity_provider_url}/auth/v1/.well-known/jwks.json`. The built-in provider is
 * fetched over HTTP like any hosted one, so both behave the same.
 */

export const MAX_IDENTITY_TOKEN_BYTES = 8 * 1024;
export const IDENTITY_TOKEN_AUDIENCE = "authenticated";
export const JWKS_CACHE_MS = 10 * 60 * 1000;
export const JWKS_COOLDOWN_MS = 30 * 1000;
export const JWKS_TIMEOUT_MS = 5 * 1000;

export interface IdentityClaims {
  sub: string;
  email?: string;
  exp: number;
  iat: number;
  sessionId?: string;
  /** OAuth access tokens (issue 15): the granted scopes, space-separated. */
  scope?: string;
  /**
   * The app an OAuth access token was issued to (RFC 9068: `typ: at+jwt` and `client_id`).
   * Set only on such a token; a first-party session token has neither. An app's token is
   * never a session of the person (issue 27): `verifyAccessToken` refuses it.
   */
  issuedToApp?: string;
  /** GoTrue's `is_anonymous`: an anonymous sign-in's account (ADR 062). */
  isAnonymous?: boolean;
}

export type InvalidIdentityTokenReason =
  | "too_large"
  | "malformed"
  | "alg"
  | "kid"
  | "signature"
  | "expired"
  | "claims"
  | "jwks_unavailable";

/** The only error `verify` throws; the REST edge maps it to 401. `reason` is for logs, not clients. */
export class InvalidIdentityTokenError extends Error {
  constructor(readonly reason: InvalidIdentityTokenReason) {
    super("Invalid identity token");
    this.name = "InvalidIdentityTokenError";
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** SPEC 5 detection: three non-empty base64url segments separated by dots. */
export function looksLikeJwt(token: string): boolean {
  return typeof token === "string" && JWT_SHAPE.test(token);
}

export interface IdentityTokenVerifierOptions {
  jwksUrl: string;
  issuer: string;
  now?: () => number;
  fetch?: typeof fetch;
  cacheMs?: number;
  cooldownMs?: number;
  timeoutMs?: number;
}

export interface IdentityTokenVerifier {
  /**
   * `audience`: what `aud` must be, exactly; `authenticated` (the balance endpoints' and the
   * dashboard's) unless a protected resource asks for its own identifier (RFC 8707).
   */
  verify(token: string, audience?: string): Promise<IdentityClaims>;
  stats(): { fetches: number };
}

/** jose's error codes, mapped onto our reasons. */
function reasonFor(error: unknown): InvalidIdentityTokenReason {
  if (error instanceof InvalidIdentityTokenError) return error.reason;
  if (error instanceof KeyLookupError) return error.reason;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case "ERR_JWT_EXPIRED":
      return "expired";
    case "ERR_JWT_CLAIM_VALIDATION_FAILED":
      return "claims";
    case "ERR_JOSE_ALG_NOT_ALLOWED":
    case "ERR_JOSE_NOT_SUPPORTED":
      return "alg";
    case "ERR_JWS_INVALID":
    case "ERR_JWT_INVALID":
      return "malformed";
    default:
      return "signature";
  }
}

/**
 * An access token of an authorization server, issued to an app (RFC 9068 section 2.1: its
 * header's `typ` is `at+jwt`, and it names the `client_id`), as opposed to a first-party session
 * token (`typ: JWT`, no `client_id`). Either mark alone is enough to make it an app's.
 */
function appOf(typ: unknown, payload: JWTPayload): string | undefined {
  const clientId = (payload as { client_id?: unknown }).client_id;
  const atJwt = typeof typ === "string" && /^(application\/)?at\+jwt$/i.test(typ);
  if (clientId !== undefined) return typeof clientId === "string" && clientId !== "" ? clientId : "(unnamed)";
  return atJwt ? "(unnamed)" : undefined;
}

function toClaims(payload: JWTPayload, typ: unknown): IdentityClaims {
  const { sub, exp, iat, email, session_id: sessionId, scope, is_anonymous: isAnonymous } = payload as JWTPayload & { email?: unknown; session_id?: unknown; scope?: unknown; is_anonymous?: unknown };
  // Subjects are user UUIDs (SPEC 2); anything else would reach a uuid column as a 500.
  if (typeof sub !== "string" || !UUID.test(sub)) throw new InvalidIdentityTokenError("claims");
  if (typeof exp !== "number" || typeof iat !== "number") throw new InvalidIdentityTokenError("claims");
  const claims: IdentityClaims = { sub, exp, iat };
  if (typeof email === "string") claims.email = email;
  if (typeof sessionId === "string") claims.sessionId = sessionId;
  if (typeof scope === "string") claims.scope = scope;
  const app = appOf(typ, payload);
  if (app !== undefined) claims.issuedToApp = app;
  if (isAnonymous === true) claims.isAnonymous = true;
  return claims;
}

export function createIdentityTokenVerifier(options: IdentityTokenVerifierOptions): IdentityTokenVerifier {
  const now = options.now ?? Date.now;
  const cache = new JwksCache({
    url: options.jwksUrl,
    now,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    cacheMs: options.cacheMs ?? JWKS_CACHE_MS,
    cooldownMs: options.cooldownMs ?? JWKS_COOLDOWN_MS,
    timeoutMs: options.timeoutMs ?? JWKS_TIMEOUT_MS,
  });

  async function verifyUnsafe(token: string, audience: string): Promise<IdentityClaims> {
    if (typeof token !== "string") throw new InvalidIdentityTokenError("malformed");
    if (token.length > MAX_IDENTITY_TOKEN_BYTES) throw new InvalidIdentityTokenError("too_large");
    if (!looksLikeJwt(token)) throw new InvalidIdentityTokenError("malformed");

    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new InvalidIdentityTokenError("malformed");
    }
    if (!isIdentityTokenAlgorithm(header.alg)) throw new InvalidIdentityTokenError("alg");
    if (header.kid !== undefined && (typeof header.kid !== "string" || header.kid.length === 0)) {
      throw new InvalidIdentityTokenError("malformed");
    }

    const key = await cache.getKey(header.kid, header.alg);
    const { payload } = await jwtVerify(token, key, {
      algorithms: [...IDENTITY_TOKEN_ALGORITHMS],
      issuer: options.issuer,
      audience,
      requiredClaims: ["exp", "sub", "iat"],
      currentDate: new Date(now()),
    });
    // A protected resource's token names that one resource (RFC 8707, issue 15's contract):
    // jose would also take an array that merely contains it.
    if (audience !== IDENTITY_TOKEN_AUDIENCE && payload.aud !== audience) throw new InvalidIdentityTokenError("claims");
    return toClaims(payload, header.typ);
  }

  return {
    async verify(token, audience = IDENTITY_TOKEN_AUDIENCE) {
      try {
        return await verifyUnsafe(token, audience);
      } catch (error) {
        if (error instanceof InvalidIdentityTokenError) throw error;
        throw new InvalidIdentityTokenError(reasonFor(error));
      }
    },
    stats() {
      return { fetches: cache.stats().fetches };
    },
  };
}

let shared: { jwksUrl: string; issuer: string; verifier: IdentityTokenVerifier } | undefined;

/**
 * The built-in provider's JWKS document, answered in-process: the same bytes its
 * `/auth/v1/.well-known/jwks.json` serves, without the service having to reach its own
 * public BASE_URL over the network (which a deployment behind a proxy often cannot).
 */
const builtInJwksFetch: typeof fetch = async () =>
  new Response(JSON.stringify(await publicJwks()), { headers: { "content-type": "application/json" } });

/** The process-wide verifier for the configured provider (rebuilt if the configured URL changes). */
export function getIdentityTokenVerifier(): IdentityTokenVerifier {
  const config = getConfig();
  // The built-in provider's `iss` follows AUTH_URL; its keys are read in-process either way.
  const issuer = config.authUrl;
  const jwksUrl = `${config.identityProviderUrl}/auth/v1/.well-known/jwks.json`;
  if (shared?.jwksUrl !== jwksUrl || shared.issuer !== issuer) {
    const fetchJwks = config.usesBuiltInIdentityProvider ? builtInJwksFetch : undefined;
    shared = { jwksUrl, issuer, verifier: createIdentityTokenVerifier({ jwksUrl, issuer, fetch: fetchJwks }) };
  }
  return shared.verifier;
}

/** Tests: forget the process-wide verifier and its key cache. */
export function resetIdentityTokenVerifier(): void {
  shared = undefined;
}
