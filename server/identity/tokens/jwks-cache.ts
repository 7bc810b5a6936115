import { importJWK, type JWK } from "jose";
import { readCapped } from "../../platform/http/read-capped";

/** Algorithms an identity token may be signed with; everything else is rejected. */
export const IDENTITY_TOKEN_ALGORITHMS = ["ES256", "RS256"] as const;
export type IdentityTokenAlgorithm = (typeof IDENTITY_TOKEN_ALGORITHMS)[number];

export function isIdentityTokenAlgorithm(alg: unknown): alg is IdentityTokenAlgorithm {
  return typeof alg === "string" && (IDENTITY_TOKEN_ALGORITHMS as readonly string[]).includes(alg);
}

export interface JwksCacheOptions {
  url: string;
  now: () => number;
  fetch: typeof fetch;
  /** How long a fetched key set counts as fresh (ms). */
  cacheMs: number;
  /** After a refetch for an unknown `kid`, or a failed fetch, no other fetch for this long (ms). */
  cooldownMs: number;
  /** Timeout of one JWKS request (ms). */
  timeoutMs: number;
  /** Largest JWKS body accepted (bytes). */
  maxBodyBytes?: number;
}

/** Why no key could be found; the verifier turns it into a token rejection reason. */
export type KeyLookupFailure = "kid" | "alg" | "jwks_unavailable";

export class KeyLookupError extends Error {
  constructor(readonly reason: KeyLookupFailure) {
    super(`No usable identity key (${reason})`);
    this.name = "KeyLookupError";
  }
}

type Selection =
  | { status: "found"; jwk: JWK }
  | { status: "miss" } // nothing with this kid (or, without kid, no compatible key): a refetch may help
  | { status: "incompatible" } // the kid exists but for another algorithm/key type
  | { status: "ambiguous" }; // no kid and several compatible keys

type ImportedKey = Awaited<ReturnType<typeof importJWK>>;

const DEFAULT_MAX_BODY_BYTES = 512 * 1024;

/** A key usable for `alg`: right key type and curve, and not restricted to another use or algorithm. */
function compatible(jwk: JWK, alg: IdentityTokenAlgorithm): boolean {
  if (jwk.alg !== undefined && jwk.alg !== alg) return false;
  if (jwk.use !== undefined && jwk.use !== "sig") return false;
  if (Array.isArray(jwk.key_ops) && !jwk.key_ops.includes("verify")) return false;
  if (alg === "ES256") return jwk.kty === "EC" && jwk.crv === "P-256" && typeof jwk.x === "string" && typeof jwk.y === "string";
  return jwk.kty === "RSA" && typeof jwk.n === "string" && typeof jwk.e === "string";
}

/** Only the public members, so a provider that leaks a private part cannot confuse the import. */
function publicPart(jwk: JWK): JWK {
  return jwk.kty === "EC" ? { kty: "EC", crv: jwk.crv, x: jwk.x, y: jwk.y } : { kty: "RSA", n: jwk.n, e: jwk.e };
}

function select(keys: JWK[], kid: string | undefined, alg: IdentityTokenAlgorithm): Selection {
  if (kid !== undefined) {
    const sameKid = keys.filter((k) => k.kid === kid);
    if (sameKid.length === 0) return { status: "miss" };
    const usable = sameKid.find((k) => compatible(k, alg));
    return usable ? { status: "found", jwk: usable } : { status: "incompatible" };
  }
  const usable = keys.filter((k) => compatible(k, alg));
  if (usable.length === 1) return { status: "found", jwk: usable[0] };
  return usable.length === 0 ? { status: "miss" } : { status: "ambiguous" };
}

/** The key set's text, refused past `maxBytes` while streaming. */
async function readKeySetText(response: Response, maxBytes: number): Promise<string> {
  const text = await readCapped(response.body, maxBytes);
  if (text === null) throw new Error("JWKS response too large");
  return text;
}

function parseKeySet(text: string): JWK[] {
  const body: unknown = JSON.parse(text);
  if (!body || typeof body !== "object" || !Array.isArray((body as { keys?: unknown }).keys)) {
    throw new Error("JWKS response has no keys array");
  }
  return ((body as { keys: unknown[] }).keys).filter(
    (k): k is JWK => !!k && typeof k === "object" && !Array.isArray(k) && typeof (k as JWK).kty === "string",
  );
}

/**
 * The provider's key set, fetched over HTTP and kept for `cacheMs`.
 *
 * - An unknown `kid` triggers one refetch; concurrent misses share it (single flight), and
 *   after it no miss fetches again until `cooldownMs` has passed, so a flood of random kids
 *   costs at most one request per cooldown.
 * - A failed fetch (network error, timeout, non-200, bad body) never drops the keys already
 *   held: they keep verifying past the window (stale-while-error), and the next attempt waits
 *   for the cooldown, so a provider that is down is not hammered.
 */
export class JwksCache {
  private keys: JWK[] | undefined;
  private fetchedAt = 0;
  private cooldownUntil = Number.NEGATIVE_INFINITY;
  private inflight: Promise<void> | undefined;
  private fetches = 0;
  private lastError: unknown;
  /** Imported keys, per kid+alg, remembered with the JWK they came from (re-imported when it changes). */
  private imported = new Map<string, { source: string; key: Promise<ImportedKey> }>();

  constructor(private readonly options: JwksCacheOptions) {}

  stats(): { fetches: number; fetchedAt: number | undefined; lastError: unknown } {
    return { fetches: this.fetches, fetchedAt: this.keys ? this.fetchedAt : undefined, lastError: this.lastError };
  }

  /** The verification key for a token header; throws `KeyLookupError` when there is none. */
  async getKey(kid: string | undefined, alg: IdentityTokenAlgorithm): Promise<ImportedKey> {
    const now = this.options.now();
    let fetchedForThisCall = false;
    if (this.inflight) {
      await this.inflight;
      fetchedForThisCall = true;
    } else if ((!this.keys || now - this.fetchedAt >= this.options.cacheMs) && now >= this.cooldownUntil) {
      await this.refresh(false);
      fetchedForThisCall = true;
    }
    if (!this.keys) throw new KeyLookupError("jwks_unavailable");

    let selection = select(this.keys, kid, alg);
    if (selection.status === "miss" && !fetchedForThisCall && now >= this.cooldownUntil) {
      await this.refresh(true);
      selection = select(this.keys, kid, alg);
    }
    switch (selection.status) {
      case "found":
        return this.importKey(selection.jwk, alg);
      case "incompatible":
        throw new KeyLookupError("alg");
      default:
        throw new KeyLookupError("kid");
    }
  }

  /** Starts (or joins) the one fetch in flight. Never rejects: a failure is recorded instead. */
  private refresh(forUnknownKid: boolean): Promise<void> {
    if (this.inflight) return this.inflight;
    this.fetches += 1;
    if (forUnknownKid) this.cooldownUntil = this.options.now() + this.options.cooldownMs;
    this.inflight = this.download()
      .then(
        (keys) => {
          this.keys = keys;
          this.fetchedAt = this.options.now();
          this.lastError = undefined;
          const kids = new Set(keys.map((k) => k.kid));
          for (const [id] of this.imported) if (!kids.has(id.slice(id.indexOf(":") + 1))) this.imported.delete(id);
        },
        (error: unknown) => {
          this.lastError = error;
          this.cooldownUntil = Math.max(this.cooldownUntil, this.options.now() + this.options.cooldownMs);
        },
      )
      .finally(() => {
        this.inflight = undefined;
      });
    return this.inflight;
  }

  private async download(): Promise<JWK[]> {
    const response = await this.options.fetch(this.options.url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`JWKS request answered ${response.status}`);
    }
    return parseKeySet(await readKeySetText(response, this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES));
  }

  private importKey(jwk: JWK, alg: IdentityTokenAlgorithm): Promise<ImportedKey> {
    const pub = publicPart(jwk);
    const source = JSON.stringify(pub);
    const id = `${alg}:${jwk.kid ?? ""}`;
    const memo = this.imported.get(id);
    if (memo && memo.source === source) return memo.key;
    const key = importJWK(pub, alg).catch(() => {
      throw new KeyLookupError("kid");
    });
    this.imported.set(id, { source, key });
    return key;
  }
}
