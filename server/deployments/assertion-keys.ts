import { configuredKeyRing } from "../platform/configured-key-ring";

/**
 * The assertion's own key ring (ADR 035): ASSERTION_SIGNING_KEY signs, ASSERTION_PREVIOUS_KEYS
 * verify until their overlap ends. Never the identity key: a tool that receives a visitor's
 * assertion must not be able to present it anywhere as an access token.
 */
const assertionKeyRing = configuredKeyRing("ASSERTION");

export const assertionSigningKey = assertionKeyRing.signer;

/** What `/.well-known/svc-assertion-jwks.json` publishes, and nothing else does. */
export const assertionJwks = assertionKeyRing.jwks;
