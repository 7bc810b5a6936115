import { hash } from "node:crypto";

/**
 * SHA-256 in base64url, for tokens and cookies that are looked up by digest. The one-shot
 * `crypto.hash` skips the Hash object `createHash` builds, which shows on the hot paths.
 */
export function sha256Base64url(value: string): string {
  return hash("sha256", value, "base64url");
}
