import { createHash } from "node:crypto";
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";

/**
 * An upstream provider's ID token, checked as GoTrue's `POST /token?grant_type=id_token`
 * (internal/api/token_oidc.go) and its callback check it: the signature by a key of the
 * provider's JWKS, `iss`, `exp`, `sub`, `aud` among the accepted client ids, and the nonce.
 * Every refusal is an IdTokenError carrying GoTrue's OAuth error and description.
 */
export class IdTokenError extends Error {
  override name = "IdTokenError";
  /** GoTrue's OAuth `error`: "invalid request", or "invalid nonce" for a nonce that differs. */
  readonly error: string;
  constructor(error: string, description: string, options?: { cause?: unknown }) {
    super(description, options);
    this.error = error;
  }
}

/** An issuer whose ID tokens the grant accepts, and GoTrue's per-provider rules for them. */
export interface IdTokenIssuer {
  /** The identities' `provider`: `google`, `keycloak` or `custom:<identifier>`. */
  name: string;
  issuer: string;
  /** The client ids one of which the token's `aud` must hold. */
  audiences: string[];
  skipNonceCheck: boolean;
  emailOptional: boolean;
}

export interface VerifyIdTokenOptions {
  issuer: string;
  jwksUri: string;
  /** The client id(s) an upstream token must be issued to: one of them in `aud`. */
  audience: string | string[];
  /**
   * The nonce as the client knows it (auth-js `signInWithIdToken`'s `nonce`, or the one a
   * callback kept). The provider was given its SHA-256 in hex, which the token carries, so
   * holding the token alone does not reveal what to send. Absent: the token must carry none.
   */
  nonce?: string;
  /** A custom provider's `skip_nonce_check` (GoTrue's SkipNonceCheck): the nonce rule is not applied. */
  skipNonceCheck?: boolean;
  /** Bounds fetching the JWKS, headers and body. */
  timeoutMs: number;
}

/**
 * Asymmetric algorithms only (go-oidc's supported set). Never `none`, never HS*: an HMAC
 * "verified" with a public key would accept a token anyone made from that public key.
 */
export const ID_TOKEN_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];
/** Clocks of two servers drift: an `exp` a few seconds gone, or an `iat`/`nbf` a few ahead, still stands. */
const CLOCK_SKEW_SECONDS = 30;

export async function verifyIdToken(token: string, opts: VerifyIdTokenOptions): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySetOf(opts.jwksUri, opts.timeoutMs), {
      issuer: opts.issuer,
      algorithms: ID_TOKEN_ALGORITHMS,
      clockTolerance: CLOCK_SKEW_SECONDS,
      requiredClaims: ["exp"],
    }));
  } catch (error) {
    throw new IdTokenError("invalid request", "Bad ID token", { cause: error });
  }
  if (typeof payload.sub !== "string" || payload.sub === "") throw new IdTokenError("invalid request", "Missing sub claim in id_token");
  checkAudience(payload, opts.audience);
  if (!opts.skipNonceCheck) checkNonce(payload, opts.nonce);
  return payload;
}

/** A signed JWT in its compact form, as far as can be told without keys: a JSON header and claims. */
export function isCompactJwt(token: string): boolean {
  try {
    decodeProtectedHeader(token);
    decodeJwt(token);
    return token.split(".").length === 3;
  } catch {
    return false;
  }
}

/** GoTrue: one accepted (non-empty) client id among the token's audiences. */
function checkAudience(payload: JWTPayload, accepted: string | string[]): void {
  const audiences = typeof payload.aud === "string" ? [payload.aud] : Array.isArray(payload.aud) ? payload.aud : [];
  const clientIds = (Array.isArray(accepted) ? accepted : [accepted]).filter((id) => id !== "");
  if (!clientIds.some((id) => audiences.includes(id))) {
    // Go prints a []string as [a b]; GoTrue's message shows it so.
    throw new IdTokenError("invalid request", `Unacceptable audience in id_token: [${audiences.join(" ")}]`);
  }
}

/** GoTrue: both or neither; then the token's nonce is the hex SHA-256 of the given one. */
function checkNonce(payload: JWTPayload, given: string | undefined): void {
  const inToken = typeof payload.nonce === "string" ? payload.nonce : "";
  const passed = given ?? "";
  if ((inToken !== "") !== (passed !== "")) throw new IdTokenError("invalid request", "Passed nonce and nonce in id_token should either both exist or not.");
  if (passed !== "" && createHash("sha256").update(passed).digest("hex") !== inToken) throw new IdTokenError("invalid nonce", "Nonces mismatch");
}

/**
 * One remote key set per JWKS address, kept across sign-ins: jose fetches it once, keeps it
 * ten minutes, fetches again at once when a token names a key it does not hold (a provider's
 * rotation), and never more than once per 30 s (its cooldown), so forged `kid`s cannot make
 * us hammer the provider.
 */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const MAX_KEY_SETS = 1000;
function keySetOf(jwksUri: string, timeoutMs: number): ReturnType<typeof createRemoteJWKSet> {
  const key = `${timeoutMs} ${jwksUri}`;
  let set = keySets.get(key);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: timeoutMs, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    keySets.set(key, set);
    if (keySets.size > MAX_KEY_SETS) keySets.delete(keySets.keys().next().value!);
  }
  return set;
}

/** Tests start each case with no key set fetched. */
export function forgetKeySets(): void {
  keySets.clear();
}
