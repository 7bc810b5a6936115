import { isSafeName, isSafeValue } from "../../platform/validation/text";

/**
 * What every OAuth client may be called and where it may send people, whichever road it came
 * by: the app page's form and its REST twin, GoTrue's admin API, dynamic registration (RFC 7591)
 * and client ID metadata documents. The consent page shows the name and the redirect's host to
 * a person asked to trust the client, so neither may hold display tricks (bidi overrides,
 * controls, broken UTF-16) and a redirect may not carry `user:pass@`, which makes an address
 * read as another host. Each road keeps its own answer shape and its scheme rules; the
 * characters, the length of a name and the credentials rule are this file's alone.
 */

/** The longest client name, in characters after trimming (the app page's form says 1-100). */
export const MAX_CLIENT_NAME = 100;
/** The longest redirect or web address of a client (GoTrue's limit; the app page's form keeps to 2000). */
export const MAX_CLIENT_URI = 2048;

/** Why a client name cannot be used, or null. An empty name is each road's business (some require one). */
export function clientNameProblem(name: string): string | null {
  if (!isSafeValue(name) || !isSafeName(name)) return "client_name contains characters that are not allowed";
  if ([...name.trim()].length > MAX_CLIENT_NAME) return `client_name cannot exceed ${MAX_CLIENT_NAME} characters`;
  return null;
}

/** Text an address may hold: no controls, no broken UTF-16, no display tricks (the name rule), no whitespace. */
function isSafeUriText(value: string): boolean {
  return isSafeValue(value) && isSafeName(value) && !/\s/.test(value);
}

/**
 * Why a redirect URI (or another address of the client: `field` names it) cannot be used, or
 * null: its characters, its length, and no user name or password. Whether its scheme is allowed
 * is the road's rule (the library's for registration, GoTrue's for the admin API).
 */
export function clientUriProblem(uri: string, field = "redirect_uris"): string | null {
  if (!isSafeUriText(uri)) return `${field} contains characters that are not allowed`;
  if (uri.length > MAX_CLIENT_URI) return `${field} cannot exceed ${MAX_CLIENT_URI} characters`;
  const url = URL.parse(uri);
  if (url && (url.username || url.password)) return `${field} must not contain a user name or password`;
  // A string the URL parser refuses may still hold `user:pass@` (`https://a:b@[bad/cb`).
  if (!url && /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(uri)) return `${field} must not contain a user name or password`;
  return null;
}

/** The client's web addresses besides its redirects, shown or linked on the consent page. */
export const CLIENT_WEB_URI_FIELDS = ["client_uri", "logo_uri", "policy_uri", "tos_uri"] as const;

/**
 * RFC 7591 metadata as a dynamic registration or a metadata document gives it: the first
 * problem, worded for `error_description` (a `redirect_uris` one is answered
 * `invalid_redirect_uri`, any other `invalid_client_metadata`), or null.
 */
export function clientMetadataProblem(metadata: Record<string, unknown>): string | null {
  const name = metadata.client_name;
  if (name !== undefined && name !== null) {
    if (typeof name !== "string") return "client_name must be a string";
    const problem = clientNameProblem(name);
    if (problem) return problem;
  }
  const uris = metadata.redirect_uris;
  if (Array.isArray(uris)) {
    for (const uri of uris) {
      if (typeof uri !== "string") continue; // the library's own check answers a non-string
      const problem = clientUriProblem(uri);
      if (problem) return problem;
    }
  }
  for (const field of CLIENT_WEB_URI_FIELDS) {
    const value = metadata[field];
    if (typeof value !== "string") continue;
    const problem = clientUriProblem(value, field);
    if (problem) return problem;
  }
  return null;
}
