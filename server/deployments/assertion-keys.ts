import type { JWK } from "jose";
import { getConfig } from "../platform/config";
import { loadKeyRing, verifyingJwks, type KeyRing, type SigningKey } from "../platform/key-ring";

let cached: Promise<KeyRing> | undefined;

/**
 * The assertion's own key ring (ADR 035): ASSERTION_SIGNING_KEY signs, ASSERTION_PREVIOUS_KEYS
 * verify until their overlap ends. Never the identity key: a tool that receives a visitor's
 * assertion must not be able to present it anywhere as an access token.
 */
function assertionKeyRing(): Promise<KeyRing> {
  cached ??= loadKeyRing(
    { signing: "ASSERTION_SIGNING_KEY", previous: "ASSERTION_PREVIOUS_KEYS" },
    { signing: getConfig().ASSERTION_SIGNING_KEY, previous: getConfig().ASSERTION_PREVIOUS_KEYS },
  );
  return cached;
}

export async function assertionSigningKey(): Promise<SigningKey> {
  return (await assertionKeyRing()).signer;
}

/** What `/.well-known/svc-assertion-jwks.json` publishes, and nothing else does. */
export async function assertionJwks(): Promise<{ keys: JWK[] }> {
  return verifyingJwks(await assertionKeyRing());
}
