import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../../platform/config";
import { readCapped } from "../../platform/http/read-capped";
import { clientMetadataProblem } from "./client-metadata-rules";
import { oauthClientEvictions } from "./client-cache";

/** How clients are fetched: the composition hands over the deployments' SSRF-guarded outbound fetch. */
export type OutboundFetch = (url: string, init: { method: "GET"; headers: Record<string, string>; redirect: "manual"; signal?: AbortSignal }) => Promise<Response>;

export const METADATA_DOCUMENT_MAX_BYTES = 5 * 1024;
/** How long a document has to arrive: CLIENT_METADATA_TIMEOUT_SECONDS, 5 unless set. */
export function metadataDocumentTimeoutMs(): number {
  return getConfig().CLIENT_METADATA_TIMEOUT_SECONDS * 1000;
}
/** A document that names no lifetime is kept this long (the library's default). */
const DEFAULT_CACHE_SECONDS = 30;
/**
 * However short a document's own lifetime (`no-store`, `max-age=0`), the copy an
 * authorization started with stays usable this long for its consent, approval and token
 * exchange; the next authorization fetches it again.
 */
const IN_FLIGHT_SECONDS = 30;
const MAX_CACHE_SECONDS = 24 * 60 * 60;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** The document's links to the client's pages and logo. */
const WEB_URI_FIELDS = ["client_uri", "logo_uri", "policy_uri", "tos_uri"] as const;
/** oauth_records kind whose row lives exactly as long as the document's own HTTP lifetime. */
const FRESHNESS = "ClientMetadataDocumentFresh";

/** Spelled as the URL parser spells it (no dot segments, no default port), with no fragment or user info. */
function isCleanUrl(url: URL, clientId: string): boolean {
  return url.href === clientId && !url.hash && !url.username && !url.password;
}

/**
 * A `client_id` that is an `http://localhost…` URL, taken while BASE_URL itself is a loopback
 * address (development): the library accepts only `https` ones.
 */
function isLoopbackMetadataClientId(clientId: string): boolean {
  const url = URL.parse(clientId);
  const base = URL.parse(getConfig().baseUrl);
  return !!url && !!base && url.protocol === "http:" && LOOPBACK.has(url.hostname) && LOOPBACK.has(base.hostname) && isCleanUrl(url, clientId);
}

/**
 * A `client_id` that names a client ID metadata document: an `https` URL, or a loopback one
 * in development. Both are fetched and kept by the one path below, never by the library's own
 * in-process cache, so the consent page and every instance see the same copy.
 */
export function isMetadataClientId(clientId: string): boolean {
  // Every spelling the library would fetch is ours, so an unclean one is refused with a reason, not fetched by it.
  return /^https:\/\//i.test(clientId) || isLoopbackMetadataClientId(clientId);
}

/**
 * The document's own lifetime by its HTTP headers, at most 24 h: `no-store` and `no-cache`
 * mean none (fetched again for the next authorization), then `max-age`, then `Expires`, else 30 s.
 */
export function metadataDocumentLifetime(response: Response): number {
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (/(?:^|,)\s*no-(?:store|cache)\b/i.test(cacheControl)) return 0;
  const maxAge = /(?:^|,)\s*max-age\s*=\s*(\d+)/i.exec(cacheControl)?.[1];
  const expires = Date.parse(response.headers.get("expires") ?? "");
  const seconds = maxAge !== undefined ? Number(maxAge) : Number.isNaN(expires) ? DEFAULT_CACHE_SECONDS : Math.floor((expires - Date.now()) / 1000);
  return Math.max(0, Math.min(MAX_CACHE_SECONDS, seconds));
}

async function readLimited(response: Response): Promise<string | null> {
  if (Number(response.headers.get("content-length") ?? 0) > METADATA_DOCUMENT_MAX_BYTES) return null;
  return readCapped(response.body, METADATA_DOCUMENT_MAX_BYTES);
}

/** Why the fetch failed, in words a person can act on: the guard's refusal, the time limit, or neither. */
function fetchFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code === "EUPSTREAMREFUSED" && cause.message) return `the client ID metadata document could not be fetched: ${cause.message}`;
  if ((error as { name?: string } | null)?.name === "TimeoutError") {
    const seconds = getConfig().CLIENT_METADATA_TIMEOUT_SECONDS;
    return `the client ID metadata document could not be fetched: no answer within ${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  }
  return "the client ID metadata document could not be fetched";
}

async function live(em: EntityManager, kind: string, clientId: string): Promise<boolean> {
  const rows = await em.getConnection().execute(`select 1 from oauth_records where kind = ? and id = ? and expires_at > now()`, [kind, clientId]);
  return rows.length > 0;
}

/**
 * Makes a metadata-document client known to the library: fetched (guarded, 5 KB, CLIENT_METADATA_TIMEOUT_SECONDS),
 * checked as the draft and the library check one (`client_id` equal to the URL, no shared
 * secret), then stored as a Client record, so every instance and the consent page use the
 * same copy and the library never fetches it itself. `startsAuthorization`: a new
 * authorization takes the stored copy only while the document's own lifetime lasts; the
 * later steps of one take it while the record lives. Null when usable; else why not.
 */
export async function ensureMetadataClient(em: EntityManager, fetchDocument: OutboundFetch, clientId: string, startsAuthorization: boolean): Promise<string | null> {
  const url = URL.parse(clientId);
  if (!url || !isCleanUrl(url, clientId) || url.pathname === "/") {
    return "a client ID metadata document's URL must be written out in full, with a path and without a fragment, user name or dot segments";
  }
  if (await live(em, startsAuthorization ? FRESHNESS : "Client", clientId)) return null;
  let response: Response;
  try {
    response = await fetchDocument(clientId, { method: "GET", headers: { accept: "application/json" }, redirect: "manual", signal: AbortSignal.timeout(metadataDocumentTimeoutMs()) });
  } catch (error) {
    return fetchFailure(error);
  }
  if (response.status !== 200) return `the client ID metadata document answered ${response.status}`;
  let text: string | null;
  try {
    text = await readLimited(response);
  } catch (error) {
    return fetchFailure(error);
  }
  if (text === null) return `the client ID metadata document is larger than ${METADATA_DOCUMENT_MAX_BYTES / 1024} KB`;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return "the client ID metadata document is not JSON";
  }
  if (!document || typeof document !== "object" || Array.isArray(document)) return "the client ID metadata document is not a JSON object";
  const fields = document as Record<string, unknown>;
  if (fields.client_id !== clientId) return "the client ID metadata document's client_id is not its own URL";
  if ("client_secret" in fields || "client_secret_expires_at" in fields || ["client_secret_basic", "client_secret_post", "client_secret_jwt"].includes(String(fields.token_endpoint_auth_method))) {
    return "a client ID metadata document may not use a shared secret";
  }
  if (!Array.isArray(fields.redirect_uris) || fields.redirect_uris.length === 0 || !fields.redirect_uris.every((uri) => typeof uri === "string")) {
    return "the client ID metadata document names no redirect_uris";
  }
  // The draft's rule, as the library applies it: a document on https links only to https pages and images.
  if (clientId.startsWith("https:")) {
    const plain = WEB_URI_FIELDS.find((field) => field in fields && URL.parse(String(fields[field]))?.protocol !== "https:");
    if (plain) return `the client ID metadata document's ${plain} must be an https URL`;
  }
  // The rules every other road keeps (the app page's form, the admin API, registration).
  const problem = clientMetadataProblem(fields);
  if (problem) return `the client ID metadata document's ${problem}`;
  const payload = { ...fields, token_endpoint_auth_method: fields.token_endpoint_auth_method ?? "none" };
  if (JSON.stringify(payload).includes("\\u0000")) return "the client ID metadata document holds characters that cannot be accepted";
  const lifetime = metadataDocumentLifetime(response);
  const now = Date.now();
  // One statement, so the two rows never disagree.
  await em.getConnection().execute(
    `insert into oauth_records (kind, id, payload, expires_at) values ('Client', ?, ?::jsonb, ?), (?, ?, '{}'::jsonb, ?)
       on conflict (kind, id) do update set payload = excluded.payload, expires_at = excluded.expires_at`,
    [clientId, JSON.stringify(payload), new Date(now + Math.max(lifetime, IN_FLIGHT_SECONDS) * 1000), FRESHNESS, clientId, new Date(now + lifetime * 1000)],
  );
  oauthClientEvictions.client(clientId);
  return null;
}
