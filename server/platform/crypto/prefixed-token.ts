import { randomBytes } from "node:crypto";
import { sha256Base64url } from "./sha256";

/**
 * A bearer secret of the service's shape: a prefix that says what it is (`svc_sk_` keys,
 * `svc_at_` agent tokens, `svc_cs_` connect sessions) and 32 random bytes in base64url.
 * 256 random bits need no slow hash: one SHA-256 is stored, never the token; the first six
 * characters after the prefix are shown to tell tokens apart.
 */
export function mintPrefixedToken(prefix: string): { token: string; hash: string; displayPrefix: string } {
  const token = `${prefix}${randomBytes(32).toString("base64url")}`;
  return { token, hash: sha256Base64url(token), displayPrefix: token.slice(0, prefix.length + 6) };
}
