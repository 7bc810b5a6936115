import type { JWK } from "jose";
import { getConfig } from "../../platform/config";
import { loadKeyRing, verifyingJwks, type KeyRing, type SigningKey } from "../../platform/key-ring";

export type { SigningKey };

let cached: Promise<KeyRing> | undefined;

/**
 * The built-in provider's key ring: IDENTITY_SIGNING_KEY signs, IDENTITY_PREVIOUS_KEYS keep
 * tokens signed before a rotation verifying until their overlap ends (ADR 035).
 */
function identityKeyRing(): Promise<KeyRing> {
  cached ??= loadKeyRing(
    { signing: "IDENTITY_SIGNING_KEY", previous: "IDENTITY_PREVIOUS_KEYS" },
    { signing: getConfig().IDENTITY_SIGNING_KEY, previous: getConfig().IDENTITY_PREVIOUS_KEYS },
  );
  return cached;
}

export async function getSigningKey(): Promise<SigningKey> {
  return (await identityKeyRing()).signer;
}

/** What `/auth/v1/.well-known/jwks.json` publishes: the signer and the retired keys still in their overlap. */
export async function publicJwks(): Promise<{ keys: JWK[] }> {
  return verifyingJwks(await identityKeyRing());
}
