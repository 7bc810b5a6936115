import { randomBytes } from "node:crypto";
import { getConfig, type Config } from "../../server/platform/config";
import { httpUrl } from "../../server/platform/http/http-url";

/**
 * The security headers of every dashboard document (ARCHITECTURE 6, issue 6 section 7):
 * a Content-Security-Policy whose scripts need this response's nonce, and HSTS when the
 * public origin is https. `app/entry.server.tsx` sets them; JSON and assets do not get them.
 */

/** 16 random bytes, base64: a fresh one for every document. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Where the CLI login page may POST the key: the loopback hosts of
 * `app/lib/loopback-callback.ts` that a CSP source can name. `[::1]` cannot be named: CSP
 * host sources have no IPv6 literals and Chromium drops `http://[::1]:*` as an invalid
 * source (with a console error on every page), so a `[::1]` callback stays blocked.
 */
export const LOOPBACK_CONNECT_SOURCES = ["http://127.0.0.1:*", "http://localhost:*"] as const;

type StorageSettings = Pick<Config, "STORAGE_DRIVER" | "S3_PUBLIC_URL" | "S3_ENDPOINT" | "S3_BUCKET" | "S3_REGION">;

/**
 * The origin images are served from when objects live in S3: the same base URL
 * `S3Storage` builds public URLs from (S3_PUBLIC_URL, else S3_ENDPOINT, else AWS's
 * virtual-hosted bucket address). Null for the fs driver (same origin) or an unusable URL.
 */
export function storageImageOrigin(config: StorageSettings): string | null {
  if (config.STORAGE_DRIVER !== "s3") return null;
  const base = config.S3_PUBLIC_URL ?? config.S3_ENDPOINT ?? `https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`;
  // Only http(s) origins; anything else serializes as "null" and must never enter a policy.
  return httpUrl(base)?.origin ?? null;
}

/**
 * A page whose form ends in a redirect elsewhere (the OAuth consent page: Approve redirects to
 * the client) names that target in this response header; the document's policy then allows
 * it in `form-action`, and the header itself is never sent.
 */
export const FORM_ACTION_HEADER = "x-svc-form-action";

/**
 * Likewise, a page that shows an image from another origin (the consent page: the client's
 * registered logo) names that origin here, and the policy allows it in `img-src` for this
 * document only. The page's `same-origin` referrer policy keeps its address from the image's host.
 */
export const IMAGE_SOURCE_HEADER = "x-svc-image-source";

/** The http(s) origin of an image URL, as a CSP source; null for anything else. */
export function imageSourceOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { protocol, origin } = new URL(url);
    return protocol === "https:" || protocol === "http:" ? origin : null;
  } catch {
    return null;
  }
}

/** An http(s) origin as a CSP source, nothing that could end the directive. */
const ORIGIN_SOURCE = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;
/** A CSP source a page may add to `form-action`: an http(s) origin or a bare scheme. */
const FORM_ACTION_SOURCE = /^(https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?|[a-z][a-z0-9+.-]*:)$/;

/** What one document adds to the policy (see FORM_ACTION_HEADER and IMAGE_SOURCE_HEADER). */
export interface PageSources {
  formAction?: string[];
  images?: string[];
}

export function contentSecurityPolicy({ nonce, imageOrigin, formAction = [], images = [] }: { nonce: string; imageOrigin: string | null } & PageSources): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(nonce)) throw new Error("A CSP nonce must be base64");
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${nonce}'`],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:", ...(imageOrigin ? [imageOrigin] : []), ...images.filter((source) => ORIGIN_SOURCE.test(source))],
    ["connect-src", "'self'", ...LOOPBACK_CONNECT_SOURCES],
    ["font-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'", ...formAction.filter((source) => FORM_ACTION_SOURCE.test(source))],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** The headers a dashboard document gets, for this nonce and configuration. */
export function documentSecurityHeaders(nonce: string, config: Config = getConfig(), page: PageSources = {}): [name: string, value: string][] {
  const headers: [string, string][] = [["Content-Security-Policy", contentSecurityPolicy({ nonce, imageOrigin: storageImageOrigin(config), ...page })]];
  if (config.secureCookies) headers.push(["Strict-Transport-Security", STRICT_TRANSPORT_SECURITY]);
  return headers;
}
