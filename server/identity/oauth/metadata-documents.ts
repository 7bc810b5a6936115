import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../../platform/config";

/** How clients are fetched: the composition hands over the deployments' SSRF-guarded outbound fetch. */
export type OutboundFetch = (url: string, init: { method: "GET"; headers: Record<string, string>; redirect: "manual"; signal?: AbortSignal }) => Promise<Response>;

export const METADATA_DOCUMENT_MAX_BYTES = 5 * 1024;
export const METADATA_DOCUMENT_TIMEOUT_MS = 5_000;
const MIN_CACHE_SECONDS = 30;
const MAX_CACHE_SECONDS = 24 * 60 * 60;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A `client_id` that is an `http://localhost…` URL, taken while BASE_URL itself is a loopback
 * address (development): the library accepts only `https` ones, so we fetch these ourselves.
 */
export function isLoopbackMetadataClientId(clientId: string): boolean {
  const url = URL.parse(clientId);
  const base = URL.parse(getConfig().baseUrl);
  return !!url && !!base && url.protocol === "http:" && LOOPBACK.has(url.hostname) && LOOPBACK.has(base.hostname) && url.href === clientId && !url.hash && !url.username && !url.password;
}

/** The document's lifetime by its HTTP headers, between 30 s and 24 h (the library's own rule). */
function cacheSeconds(response: Response): number {
  const maxAge = /(?:^|,)\s*max-age\s*=\s*(\d+)/i.exec(response.headers.get("cache-control") ?? "")?.[1];
  const expires = Date.parse(response.headers.get("expires") ?? "");
  const seconds = maxAge !== undefined ? Number(maxAge) : Number.isNaN(expires) ? MIN_CACHE_SECONDS : Math.floor((expires - Date.now()) / 1000);
  return Math.max(MIN_CACHE_SECONDS, Math.min(MAX_CACHE_SECONDS, seconds));
}

async function readLimited(response: Response): Promise<string | null> {
  if (Number(response.headers.get("content-length") ?? 0) > METADATA_DOCUMENT_MAX_BYTES) return null;
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > METADATA_DOCUMENT_MAX_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Makes a loopback metadata-document client known to the library: fetched (guarded, 5 KB,
 * 5 s), checked as the draft and the library check an `https` one (`client_id` equal to the
 * URL, no shared secret), then stored as a Client record that expires with the document's
 * cache lifetime, so every instance uses the same copy. Null when it is usable; else why not.
 */
export async function ensureLoopbackMetadataClient(em: EntityManager, fetchDocument: OutboundFetch, clientId: string): Promise<string | null> {
  const known = await em
    .getConnection()
    .execute(`select 1 from oauth_records where kind = 'Client' and id = ? and expires_at > now()`, [clientId]);
  if (known.length) return null;
  let response: Response;
  try {
    response = await fetchDocument(clientId, { method: "GET", headers: { accept: "application/json" }, redirect: "manual", signal: AbortSignal.timeout(METADATA_DOCUMENT_TIMEOUT_MS) });
  } catch {
    return "the client ID metadata document could not be fetched";
  }
  if (response.status !== 200) return `the client ID metadata document answered ${response.status}`;
  const text = await readLimited(response).catch(() => null);
  if (text === null) return `the client ID metadata document is larger than ${METADATA_DOCUMENT_MAX_BYTES / 1024} KB or could not be read`;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return "the client ID metadata document is not JSON";
  }
  if (!document || typeof document !== "object" || Array.isArray(document)) return "the client ID metadata document is not a JSON object";
  const fields = document as Record<string, unknown>;
  if (fields.client_id !== clientId) return "the client ID metadata document's client_id is not its own URL";
  if ("client_secret" in fields || ["client_secret_basic", "client_secret_post", "client_secret_jwt"].includes(String(fields.token_endpoint_auth_method))) {
    return "a client ID metadata document may not use a shared secret";
  }
  if (!Array.isArray(fields.redirect_uris) || fields.redirect_uris.length === 0 || !fields.redirect_uris.every((uri) => typeof uri === "string")) {
    return "the client ID metadata document names no redirect_uris";
  }
  const payload = { ...fields, token_endpoint_auth_method: fields.token_endpoint_auth_method ?? "none" };
  if (JSON.stringify(payload).includes("\\u0000")) return "the client ID metadata document holds characters that cannot be accepted";
  await em
    .getConnection()
    .execute(
      `insert into oauth_records (kind, id, payload, expires_at) values ('Client', ?, ?::jsonb, ?)
         on conflict (kind, id) do update set payload = excluded.payload, expires_at = excluded.expires_at`,
      [clientId, JSON.stringify(payload), new Date(Date.now() + cacheSeconds(response) * 1000)],
    );
  return null;
}
