import { timingSafeEqual } from "node:crypto";
import type Provider from "oidc-provider";
import { sha256Base64url } from "../../platform/crypto/sha256";

/** How a stored client secret is marked as its SHA-256 rather than the secret itself. */
const HASHED = "sha256$";

/** What the adapter stores for a client secret: its hash (a leaked table holds no usable secret). */
export function storedClientSecret(secret: string): string {
  return secret.startsWith(HASHED) ? secret : `${HASHED}${sha256Base64url(secret)}`;
}

/**
 * The library compares a presented secret with the stored one; ours stores hashes, so the
 * presented secret is hashed first. Only `client_secret_basic` and `client_secret_post` use the
 * secret here (no HS256 client JWTs are enabled), so nothing needs it in the clear.
 */
export function compareHashedClientSecrets(provider: Provider): void {
  const prototype = provider.Client.prototype as unknown as { clientSecret?: string; compareClientSecret(this: { clientSecret?: string }, actual: string): Promise<boolean> | boolean };
  const plain = prototype.compareClientSecret;
  prototype.compareClientSecret = function compareClientSecret(actual: string) {
    const stored = this.clientSecret;
    if (typeof stored !== "string" || !stored.startsWith(HASHED)) return plain.call(this, actual);
    return hashedSecretMatches(stored, actual);
  };
}

/** Whether a presented secret is the one a stored hash was made from, in constant time. */
export function hashedSecretMatches(stored: string, actual: unknown): boolean {
  if (!stored.startsWith(HASHED) || typeof actual !== "string") return false;
  const expected = Buffer.from(stored);
  const presented = Buffer.from(storedClientSecret(actual));
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}
