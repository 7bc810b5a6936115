import { randomBytes } from "node:crypto";
import { sha256Base64url } from "../../platform/crypto/sha256";

export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;

export function newRefreshToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Refresh tokens are stored as SHA-256 only; a database leak reveals no usable token. */
export function hashRefreshToken(token: string): string {
  return sha256Base64url(token);
}
