import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { calculateJwkThumbprint, exportJWK, type JWK } from "jose";

/**
 * An ES256 key ring: one key that signs, and the keys it replaced, which keep verifying
 * until their overlap ends (docs/decisions/035). The signer comes from `<NAME>_SIGNING_KEY`
 * (base64 of a PKCS#8 PEM); the replaced ones from `<NAME>_PREVIOUS_KEYS`, a comma-separated
 * list of `<base64 of the SPKI PEM public key>@<unix seconds the overlap ends>` that
 * `npm run keys:rotate` writes. Only public halves of retired keys are kept: a retired key
 * can verify, never sign again.
 */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
}

export interface RetiredKey {
  publicJwk: JWK;
  /** Unix seconds after which the key no longer verifies. */
  until: number;
}

export interface KeyRing {
  signer: SigningKey;
  retired: RetiredKey[];
}

async function publicJwkOf(publicKey: KeyObject): Promise<JWK> {
  const jwk = await exportJWK(publicKey);
  // The RFC 7638 thumbprint: a rotated key gets a new id by itself.
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: "ES256", use: "sig" };
}

export async function signingKeyFrom(encodedPrivatePem: string): Promise<SigningKey> {
  const privateKey = createPrivateKey(Buffer.from(encodedPrivatePem, "base64").toString("utf8"));
  const publicKey = createPublicKey(privateKey);
  const publicJwk = await publicJwkOf(publicKey);
  return { kid: publicJwk.kid!, privateKey, publicKey, publicJwk };
}

export interface RetiredEntry {
  publicPem: string;
  until: number;
}

/** Parses `<NAME>_PREVIOUS_KEYS`; throws a message naming the variable on a malformed entry. */
export function parseRetiredKeys(variable: string, value: string | undefined): RetiredEntry[] {
  if (!value) return [];
  return value
    .split(",")
    .filter((entry) => entry.trim() !== "")
    .map((entry) => {
      const match = /^([A-Za-z0-9+/=]+)@(\d{1,12})$/.exec(entry.trim());
      if (!match) throw new Error(`${variable} holds an entry that is not <base64 public key>@<unix seconds>`);
      return { publicPem: Buffer.from(match[1]!, "base64").toString("utf8"), until: Number(match[2]) };
    });
}

export function formatRetiredKeys(entries: RetiredEntry[]): string {
  return entries.map((e) => `${Buffer.from(e.publicPem, "utf8").toString("base64")}@${e.until}`).join(",");
}

export async function loadKeyRing(names: { signing: string; previous: string }, env: { signing?: string; previous?: string }): Promise<KeyRing> {
  if (!env.signing) throw new Error(`${names.signing} is not set (npm start generates it into .data/secrets.env)`);
  const signer = await signingKeyFrom(env.signing);
  const retired = await Promise.all(
    parseRetiredKeys(names.previous, env.previous).map(async (entry) => ({
      publicJwk: await publicJwkOf(createPublicKey(entry.publicPem)),
      until: entry.until,
    })),
  );
  return { signer, retired: retired.filter((r) => r.publicJwk.kid !== signer.kid) };
}

/** The keys that verify now: the signer, and each retired key whose overlap has not ended. */
export function verifyingJwks(ring: KeyRing, nowSeconds = Math.floor(Date.now() / 1000)): { keys: JWK[] } {
  return { keys: [ring.signer.publicJwk, ...ring.retired.filter((r) => r.until > nowSeconds).map((r) => r.publicJwk)] };
}
