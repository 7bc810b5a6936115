import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * The token a refresh rotated in, sealed under a key derived from the token it replaced
 * (AES-256-GCM): the reuse interval answers a repeat of that token with the session's current
 * pair (GoTrue's `RefreshTokenReuseInterval`), yet the database keeps no usable token, only
 * what whoever already holds the old token may read. Refresh tokens are 256 random bits, so
 * the derived key is as strong as a random one.
 */
function keyOf(previous: string): Buffer {
  return createHash("sha256").update(`svc refresh successor\0${previous}`).digest();
}

export function sealSuccessor(previous: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(previous), iv);
  const sealed = Buffer.concat([cipher.update(successor, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** The successor, or null when `sealed` was not sealed under `previous` (or is damaged). */
export function openSuccessor(previous: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, "base64url");
  if (bytes.length < 29) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(previous), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
