import { PROVIDER_PROXY } from "../error-codes";
import { connectionNotFound, ProxyError } from "./proxy-error";

/** Every provider-proxy path starts with this. */
export const PROVIDER_PROXY_PREFIX = "/api/proxy/";

const NEEDS_A_CLOSER_LOOK = /[%\\\0]|(?:^|\/)\.\.?(?:\/|$)/;

export interface ProxyPath {
  provider: string;
  /** The path after the provider, still percent-encoded, starting with `/`. */
  path: string;
  /** `?...` or empty. */
  search: string;
}

/**
 * `/api/proxy/{provider}/{path}?{query}` taken apart. The path is passed on as the client
 * encoded it; dot segments (also encoded ones) are refused, so a call can never climb out
 * of `api_base_url`'s path.
 */
export function parseProxyPath(rawUrl: string): ProxyPath | ProxyError {
  const queryAt = rawUrl.indexOf("?");
  const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const search = queryAt === -1 ? "" : rawUrl.slice(queryAt);
  const rest = pathname.slice(PROVIDER_PROXY_PREFIX.length);
  const slash = rest.indexOf("/");
  const provider = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? "/" : rest.slice(slash);
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(provider)) return connectionNotFound();
  // `//host/...` would read as a protocol-relative URL to whoever resolves it (the broker).
  if (path.startsWith("//")) return new ProxyError(PROVIDER_PROXY.INVALID_PATH, "the path must not start with //");
  // Most paths hold no `%`, backslash, NUL or dot segment: nothing to decode or refuse.
  if (!NEEDS_A_CLOSER_LOOK.test(path)) return { provider, path, search };
  for (const segment of path.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return new ProxyError(PROVIDER_PROXY.INVALID_PATH, "the path is not valid percent-encoding");
    }
    if (decoded === "." || decoded === ".." || /[\\\0]/.test(decoded) || (decoded.includes("/") && decoded !== segment)) {
      return new ProxyError(PROVIDER_PROXY.INVALID_PATH, "dot segments and encoded slashes are not allowed in the path");
    }
  }
  return { provider, path, search };
}
