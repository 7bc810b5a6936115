import { configuredKeyRing } from "../../platform/configured-key-ring";
import type { SigningKey } from "../../platform/key-ring";

export type { SigningKey };

/**
 * The built-in provider's key ring: IDENTITY_SIGNING_KEY signs, IDENTITY_PREVIOUS_KEYS keep
 * tokens signed before a rotation verifying until their overlap ends (ADR 035).
 */
const identityKeyRing = configuredKeyRing("IDENTITY");

export const getSigningKey = identityKeyRing.signer;

/** What `/auth/v1/.well-known/jwks.json` publishes: the signer and the retired keys still in their overlap. */
export const publicJwks = identityKeyRing.jwks;
