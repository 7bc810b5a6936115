import { OAUTH_CLIENTS } from "./error-codes";
import { randomBytes, randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { IDENTITY } from "../../identity";
import { isSafeValue } from "../../platform/validation/text";
import { IdentityError, publishSessionRevoked } from "../../identity";
import { clientFieldsToCreate, clientFieldsToUpdate, type AuthMethod, type ClientFieldsToCreate, type ClientType } from "./admin-client-fields";
import { storedClientSecret } from "./hashed-client-secrets";
import { oauthClientEvictions } from "./client-cache";

/**
 * GoTrue's admin OAuth client API (`auth.admin.oauth.*` of auth-js) over the authorization
 * server's own clients: the `Client` records of `oauth_records` that oidc-provider reads
 * through its adapter, the store dynamic registration writes. A client made here therefore
 * works at once at `/auth/v1/oauth/authorize` and `token`, on every instance (the library
 * keys its in-process cache by the record's content, so a change or a deletion is seen too).
 * The secret is answered on create and regenerate only and stored as its SHA-256, as the
 * adapter stores a registered client's.
 */

/** GoTrue's OAuthServerClientResponse. */
export interface AdminOAuthClient {
  client_id: string;
  client_secret?: string;
  client_type: ClientType;
  redirect_uris: string[];
  token_endpoint_auth_method: AuthMethod;
  grant_types: string[];
  response_types: ["code"];
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  registration_type: "manual" | "dynamic";
  created_at: string;
  updated_at: string;
}

/** What the library reads (its client metadata) and, beside it, what only this API reads. */
interface ClientPayload {
  client_id: string;
  client_secret?: string;
  client_id_issued_at?: number;
  client_secret_expires_at?: number;
  redirect_uris?: string[];
  grant_types?: string[];
  response_types?: string[];
  token_endpoint_auth_method?: AuthMethod;
  application_type?: "web" | "native";
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  // Ours: the library keeps only the metadata it recognizes.
  registration_type?: "manual";
  created_at?: string;
  updated_at?: string;
}

const MAX_PER_PAGE = 1000;
const DEFAULT_PER_PAGE = 50;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

const notFound = () => new IdentityError(OAUTH_CLIENTS.OAUTH_CLIENT_NOT_FOUND, "OAuth client not found");
const invalid = (message: string) => new IdentityError(IDENTITY.VALIDATION_FAILED, message);

/** GoTrue's generateClientSecret: 32 random bytes, base64url. */
const newSecret = () => randomBytes(32).toString("base64url");

/**
 * The library's `application_type`: `web` takes only http(s) redirects; an app scheme
 * (`myapp://…`) needs `native`, which in turn refuses `https` on a loopback host.
 */
function applicationType(uris: string[]): "web" | "native" {
  const web = (uri: string) => uri.startsWith("https:") || uri.startsWith("http:");
  if (uris.every(web)) return "web";
  const loopbackHttps = uris.find((uri) => uri.startsWith("https:") && LOOPBACK.has(new URL(uri).hostname));
  if (loopbackHttps) throw invalid(`invalid redirect_uri '${loopbackHttps}': an https loopback address cannot be combined with an app scheme in one client`);
  return "native";
}

function toAnswer(payload: ClientPayload, secret?: string): AdminOAuthClient {
  const method = payload.token_endpoint_auth_method ?? "client_secret_basic";
  const issued = payload.client_id_issued_at ? new Date(payload.client_id_issued_at * 1000).toISOString() : new Date(0).toISOString();
  return {
    client_id: payload.client_id,
    ...(secret ? { client_secret: secret } : {}),
    client_type: method === "none" ? "public" : "confidential",
    redirect_uris: payload.redirect_uris ?? [],
    token_endpoint_auth_method: method,
    grant_types: payload.grant_types ?? ["authorization_code", "refresh_token"],
    response_types: ["code"],
    // GoTrue leaves empty strings out (omitempty).
    ...(payload.client_name ? { client_name: payload.client_name } : {}),
    ...(payload.client_uri ? { client_uri: payload.client_uri } : {}),
    ...(payload.logo_uri ? { logo_uri: payload.logo_uri } : {}),
    registration_type: payload.registration_type ?? "dynamic",
    created_at: payload.created_at ?? issued,
    updated_at: payload.updated_at ?? payload.created_at ?? issued,
  };
}

/** The library's metadata for these fields: empty optional strings left out (it refuses `""` as a URL). */
function libraryFields(fields: Omit<ClientFieldsToCreate, "client_type">) {
  return {
    redirect_uris: fields.redirect_uris,
    grant_types: fields.grant_types,
    response_types: ["code"],
    token_endpoint_auth_method: fields.token_endpoint_auth_method,
    application_type: applicationType(fields.redirect_uris),
    client_name: fields.client_name || undefined,
    client_uri: fields.client_uri || undefined,
    logo_uri: fields.logo_uri || undefined,
  };
}

/** Registered clients only: a loopback metadata document's cached copy (it expires) is not one. */
async function findPayload(em: EntityManager, id: string): Promise<ClientPayload> {
  // An id PostgreSQL cannot even compare (NUL, broken UTF-16) names no client.
  if (!isSafeValue(id)) throw notFound();
  const rows = await em
    .getConnection()
    .execute<{ payload: ClientPayload }[]>(`select payload from oauth_records where kind = 'Client' and id = ? and expires_at is null`, [id]);
  if (!rows[0]) throw notFound();
  return rows[0].payload;
}

async function save(em: EntityManager, payload: ClientPayload): Promise<void> {
  await em
    .getConnection()
    .execute(
      `insert into oauth_records (kind, id, payload) values ('Client', ?, ?::jsonb)
         on conflict (kind, id) do update set payload = excluded.payload`,
      [payload.client_id, JSON.stringify(payload)],
    );
  oauthClientEvictions.client(payload.client_id);
}

/** GoTrue's paginate: Go's ParseUint of each given value, its error quoted in the message. */
function pageNumber(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  if (!/^\d{1,19}$/.test(value)) throw invalid(`Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(value.slice(0, 100))}: invalid syntax`);
  return Number.parseInt(value, 10) || fallback;
}

export async function adminListOAuthClients(em: EntityManager, pageInput?: string, perPageInput?: string) {
  const page = Math.max(1, pageNumber(pageInput, 1));
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, pageNumber(perPageInput, DEFAULT_PER_PAGE)));
  const connection = em.getConnection();
  // Newest first to the millisecond (`client_id_issued_at` counts seconds; a registered client has only that).
  const rows = await connection.execute<{ payload: ClientPayload }[]>(
    `select payload from oauth_records where kind = 'Client' and expires_at is null
       order by coalesce((payload->>'created_at')::timestamptz, to_timestamp(coalesce((payload->>'client_id_issued_at')::bigint, 0))) desc, id limit ? offset ?`,
    [perPage, (page - 1) * perPage],
  );
  const count = await connection.execute<{ n: number }[]>(`select count(*)::int as n from oauth_records where kind = 'Client' and expires_at is null`);
  return { clients: rows.map((row) => toAnswer(row.payload)), total: count[0]?.n ?? 0, page, perPage };
}

/** GoTrue's AdminOAuthServerClientRegister: a `manual` client; a confidential one gets its secret in this answer only. */
export async function adminCreateOAuthClient(em: EntityManager, body: unknown): Promise<AdminOAuthClient> {
  const fields = clientFieldsToCreate(body);
  const now = new Date();
  const secret = fields.client_type === "confidential" ? newSecret() : undefined;
  const payload: ClientPayload = {
    client_id: randomUUID(),
    ...(secret ? { client_secret: storedClientSecret(secret) } : {}),
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_secret_expires_at: 0,
    ...libraryFields(fields),
    registration_type: "manual",
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await save(em, payload);
  return toAnswer(payload, secret);
}

export async function adminGetOAuthClient(em: EntityManager, id: string): Promise<AdminOAuthClient> {
  return toAnswer(await findPayload(em, id));
}

export async function adminUpdateOAuthClient(em: EntityManager, id: string, body: unknown): Promise<AdminOAuthClient> {
  const current = await findPayload(em, id);
  const answer = toAnswer(current);
  const changes = clientFieldsToUpdate(body, answer.client_type);
  const merged = {
    redirect_uris: changes.redirect_uris ?? answer.redirect_uris,
    grant_types: changes.grant_types ?? answer.grant_types,
    token_endpoint_auth_method: changes.token_endpoint_auth_method ?? answer.token_endpoint_auth_method,
    client_name: changes.client_name ?? answer.client_name ?? "",
    client_uri: changes.client_uri ?? answer.client_uri ?? "",
    logo_uri: changes.logo_uri ?? answer.logo_uri ?? "",
  };
  const payload: ClientPayload = { ...current, ...libraryFields(merged), updated_at: new Date().toISOString() };
  await save(em, payload);
  return toAnswer(payload);
}

/** GoTrue's OAuthServerClientRegenerateSecret: the old secret stops at once. */
export async function adminRegenerateOAuthClientSecret(em: EntityManager, id: string): Promise<AdminOAuthClient> {
  const current = await findPayload(em, id);
  if (toAnswer(current).client_type === "public") throw invalid("Cannot regenerate secret for public client");
  const secret = newSecret();
  const payload: ClientPayload = { ...current, client_secret: storedClientSecret(secret), updated_at: new Date().toISOString() };
  await save(em, payload);
  return toAnswer(payload, secret);
}

/**
 * The client and everything the library keeps for it (grants, codes, refresh tokens, its
 * registration access token) are gone, and the sessions its grants opened end on every
 * instance, so its access tokens stop too (GoTrue soft-deletes; nothing of it works after).
 */
export async function adminDeleteOAuthClient(em: EntityManager, id: string): Promise<void> {
  await findPayload(em, id);
  const connection = em.getConnection();
  await connection.execute(`delete from oauth_records where kind = 'Client' and id = ?`, [id]);
  oauthClientEvictions.client(id);
  await connection.execute(`delete from oauth_records where payload->>'clientId' = ?`, [id]);
  const ended = await connection.execute<{ id: string }[]>(
    `update auth_sessions set revoked_at = now() where oauth_client_id = ? and revoked_at is null returning id`,
    [id],
  );
  for (const row of ended) await publishSessionRevoked(em, row.id);
}
