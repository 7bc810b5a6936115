import { mintPrefixedToken } from "../platform/crypto/prefixed-token";
import { sha256Base64url } from "../platform/crypto/sha256";

export const AGENT_TOKEN_PREFIX = "svc_at_";

/** `svc_at_` + 32 random bytes in base64url, like `svc_sk_` keys. */
export function mintAgentToken(): { token: string; hash: string; displayPrefix: string } {
  return mintPrefixedToken(AGENT_TOKEN_PREFIX);
}

/** 256 random bits: one SHA-256 is enough; only this hash is stored. */
export function hashAgentToken(token: string): string {
  return sha256Base64url(token);
}

export function isAgentTokenFormat(token: string): boolean {
  return /^svc_at_[A-Za-z0-9_-]{43}$/.test(token);
}
