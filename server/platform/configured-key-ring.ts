import type { JWK } from "jose";
import { getConfig } from "./config";
import { loadKeyRing, verifyingJwks, type KeyRing, type SigningKey } from "./key-ring";

/**
 * The key ring `<name>_SIGNING_KEY` and `<name>_PREVIOUS_KEYS` configure (ADR 035), loaded on
 * first use and kept: the key that signs, and the JWKS to publish (the signer and the retired
 * keys still in their overlap). The identity provider and the deployment assertion each have one.
 */
export function configuredKeyRing(name: "IDENTITY" | "ASSERTION") {
  const signing = `${name}_SIGNING_KEY` as const;
  const previous = `${name}_PREVIOUS_KEYS` as const;
  let cached: Promise<KeyRing> | undefined;
  const ring = (): Promise<KeyRing> => (cached ??= loadKeyRing({ signing, previous }, { signing: getConfig()[signing], previous: getConfig()[previous] }));
  return {
    signer: async (): Promise<SigningKey> => (await ring()).signer,
    jwks: async (): Promise<{ keys: JWK[] }> => verifyingJwks(await ring()),
  };
}
