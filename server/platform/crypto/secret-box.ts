import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { getConfig } from "../config";
import { AppError } from "../errors";

/**
 * AES-256-GCM with INTEGRATION_ENCRYPTION_KEY (32 bytes, base64). Ciphertext format
 * `v1.<iv>.<tag>.<data>` in base64url, so the key can be rotated behind a new version.
 */
function key(): Buffer {
  const encoded = getConfig().INTEGRATION_ENCRYPTION_KEY;
  const bytes = encoded ? Buffer.from(encoded, "base64") : Buffer.alloc(0);
  if (bytes.length !== 32) throw new AppError("ENCRYPTION_KEY_UNAVAILABLE", "encryption_key_unavailable");
  return bytes;
}

export function encryptSecret(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

export function decryptSecret(ciphertext: string): string {
  const [version, iv, tag, data] = ciphertext.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("unknown ciphertext format");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
