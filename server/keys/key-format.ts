import { mintPrefixedToken } from "../platform/crypto/prefixed-token";
import { sha256Base64url } from "../platform/crypto/sha256";

export const APP_KEY_PREFIX = "svc_sk_";

/** `svc_sk_` + 32 random bytes in base64url (43 characters). */
export function mintAppKey(): { key: string; hash: string; displayPrefix: string } {
  const { token, hash, displayPrefix } = mintPrefixedToken(APP_KEY_PREFIX);
  return { key: token, hash, displayPrefix };
}

/** Keys carry 256 random bits, so one SHA-256 is enough; only this hash is ever stored. */
export function hashAppKey(key: string): string {
  return sha256Base64url(key);
}

export function isAppKeyFormat(token: string): boolean {
  return token.startsWith(APP_KEY_PREFIX) && /^svc_sk_[A-Za-z0-9_-]{43,}$/.test(token);
}
