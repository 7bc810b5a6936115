import { createLocalJWKSet, type JWK } from "jose";
import { publicJwks } from "../identity";

type KeySet = ReturnType<typeof createLocalJWKSet>;

let cached: { kids: string; set: KeySet } | undefined;

/**
 * The identity keys that verify our access tokens, as jose's key set. jose imports a JWK into a
 * CryptoKey the first time a set uses it and keeps it in that set, so one set is kept while
 * the published keys stay the same (the signer and the retired keys still in their overlap):
 * a new set per request imported the EC key every time (issue 30's profile, ecImportKey).
 * When a retired key's overlap ends the list changes and a new set is made.
 */
export async function verifyingKeySet(): Promise<KeySet> {
  const jwks = await publicJwks();
  const kids = jwks.keys.map((key: JWK) => `${key.kid}:${key.x}`).join(",");
  if (cached?.kids !== kids) cached = { kids, set: createLocalJWKSet(jwks) };
  return cached.set;
}
