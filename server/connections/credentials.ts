import { hash } from "node:crypto";
import { getConfig } from "../platform/config";
import { decryptSecret, encryptSecret } from "../platform/crypto/secret-box";
import { AppError } from "../platform/errors";

/** A first-party token set as stored (encrypted) on the connection. */
export interface StoredCredential {
  access_token: string;
  refresh_token?: string;
  token_type?: string;
  scope?: string;
  /** Seconds since the epoch; absent when the provider gave no lifetime. */
  expires_at?: number;
}

export const encryptionKeyUnavailable = () => new AppError("ENCRYPTION_KEY_UNAVAILABLE", "encryption_key_unavailable");

/**
 * The id of the current INTEGRATION_ENCRYPTION_KEY (first 16 hex digits of its SHA-256), or
 * an `encryption_key_unavailable` error when it is unset, empty or not 32 bytes. Stored
 * beside each credential so a rotated key is recognised instead of failing to decrypt.
 */
export function currentKeyId(): string {
  const encoded = getConfig().INTEGRATION_ENCRYPTION_KEY;
  const bytes = encoded ? Buffer.from(encoded, "base64") : Buffer.alloc(0);
  if (bytes.length !== 32) throw encryptionKeyUnavailable();
  return hash("sha256", bytes, "hex").slice(0, 16);
}

export function sealCredential(credential: StoredCredential): { ciphertext: string; keyId: string } {
  const keyId = currentKeyId();
  return { ciphertext: encryptSecret(JSON.stringify(credential)), keyId };
}

/** The stored token set; a credential sealed under another key is `encryption_key_unavailable`. */
export function openCredential(ciphertext: string, keyId: string | null): StoredCredential {
  if (keyId !== null && keyId !== currentKeyId()) throw encryptionKeyUnavailable();
  return JSON.parse(decryptSecret(ciphertext)) as StoredCredential;
}
