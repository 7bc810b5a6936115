import { mintPrefixedToken } from "../platform/crypto/prefixed-token";
import { sha256Base64url } from "../platform/crypto/sha256";

export const SCIM_TOKEN_PREFIX = "svc_scim_";

/** `svc_scim_` + 32 random bytes in base64url, made and hashed as `svc_sk_` keys are (server/keys/key-format.ts). */
export function mintScimToken(): { token: string; hash: string; displayPrefix: string } {
  return mintPrefixedToken(SCIM_TOKEN_PREFIX);
}

export function hashScimToken(token: string): string {
  return sha256Base64url(token);
}

export function isScimTokenFormat(token: string): boolean {
  return /^svc_scim_[A-Za-z0-9_-]{43}$/.test(token);
}
