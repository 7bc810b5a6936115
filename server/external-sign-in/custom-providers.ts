import type { EntityManager } from "@mikro-orm/postgresql";
import { IdentityError } from "../identity";
import { decryptSecret, encryptSecret } from "../platform/crypto/secret-box";
import { isSafeValue } from "../platform/validation/text";
import { checkedIdentifier, fieldsToCreate, fieldsToUpdate, type CustomProviderFields, type ProviderType } from "./custom-provider-fields";
import { discoveryOf } from "./custom-provider-discovery";
import { resolvedUrlProblem } from "./custom-provider-urls";
import { EXTERNAL } from "./error-codes";

/**
 * GoTrue's admin custom provider API (internal/api/custom_oauth_admin.go) over
 * `auth_custom_providers`: list (optionally `?type=`), create (201), get, update, delete (204).
 * The client secret is sealed on write and never answered, as GoTrue's `json:"-"`. Every
 * check runs before the first write, so a refused request writes nothing.
 */
interface ProviderRow extends Omit<CustomProviderFields, "client_secret"> {
  id: string;
  client_secret_sealed: string;
  cached_discovery: Record<string, unknown> | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = [
  "provider_type", "identifier", "name", "client_id", "acceptable_client_ids", "scopes", "pkce_enabled", "attribute_mapping", "custom_claims_allowlist", "authorization_params",
  "enabled", "email_optional", "issuer", "discovery_url", "skip_nonce_check", "authorization_url", "token_url", "userinfo_url", "jwks_uri",
] as const;
const JSON_COLUMNS = new Set(["acceptable_client_ids", "scopes", "custom_claims_allowlist", "attribute_mapping", "authorization_params", "cached_discovery"]);

const invalid = (message: string) => new IdentityError(EXTERNAL.CUSTOM_PROVIDER_INVALID, message);

const URL_FIELDS = ["issuer", "discovery_url", "authorization_url", "token_url", "userinfo_url", "jwks_uri"] as const;

/** Every URL being stored resolves to public addresses only (custom-provider-urls.ts), before any fetch or write. */
async function checkResolvedUrls(fields: Partial<Record<(typeof URL_FIELDS)[number], string | null>>): Promise<void> {
  for (const field of URL_FIELDS) {
    const value = fields[field];
    if (!value) continue;
    const problem = await resolvedUrlProblem(value);
    if (problem) throw invalid(problem);
  }
}
const notFound = () => new IdentityError(EXTERNAL.CUSTOM_PROVIDER_NOT_FOUND, "Custom OAuth provider not found");

/** GoTrue's answer: every field but the secret; the type's own fields only (its `omitempty`). */
export function providerAnswer(row: ProviderRow): Record<string, unknown> {
  const oidc = row.provider_type === "oidc";
  const present = (value: string | null) => (value ? value : undefined);
  return {
    id: row.id,
    provider_type: row.provider_type,
    identifier: row.identifier,
    name: row.name,
    client_id: row.client_id,
    acceptable_client_ids: row.acceptable_client_ids,
    scopes: row.scopes,
    pkce_enabled: row.pkce_enabled,
    attribute_mapping: row.attribute_mapping,
    custom_claims_allowlist: row.custom_claims_allowlist,
    authorization_params: row.authorization_params,
    enabled: row.enabled,
    email_optional: row.email_optional,
    issuer: oidc ? present(row.issuer) : undefined,
    discovery_url: oidc ? present(row.discovery_url) : undefined,
    skip_nonce_check: row.skip_nonce_check,
    discovery_document: oidc && row.cached_discovery ? row.cached_discovery : undefined,
    authorization_url: present(row.authorization_url),
    token_url: present(row.token_url),
    userinfo_url: present(row.userinfo_url),
    jwks_uri: present(row.jwks_uri),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** A provider's row with its secret opened, for the sign-in (null: no such provider). */
export async function storedCustomProvider(em: EntityManager, identifier: string): Promise<(ProviderRow & { client_secret: string }) | null> {
  if (!isSafeValue(identifier)) return null;
  const rows = await em.getConnection().execute<ProviderRow[]>(`select * from auth_custom_providers where identifier = ?`, [identifier]);
  const row = rows[0];
  return row ? { ...row, client_secret: decryptSecret(row.client_secret_sealed) } : null;
}

async function findRow(em: EntityManager, identifier: string): Promise<ProviderRow> {
  const rows = await em.getConnection().execute<ProviderRow[]>(`select * from auth_custom_providers where identifier = ?`, [checkedIdentifier(identifier)]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

function bodyObject(fields: unknown): Record<string, unknown> {
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) throw new IdentityError(EXTERNAL.CUSTOM_PROVIDER_INVALID, "Could not read the request body");
  return fields as Record<string, unknown>;
}

export async function adminListCustomProviders(em: EntityManager, type: string | undefined): Promise<{ providers: Record<string, unknown>[] }> {
  if (type && type !== "oauth2" && type !== "oidc") throw invalid("type must be either 'oauth2' or 'oidc'");
  const rows = await em
    .getConnection()
    .execute<ProviderRow[]>(`select * from auth_custom_providers where (?::text is null or provider_type = ?) order by created_at, identifier`, [type || null, type || null]);
  return { providers: rows.map(providerAnswer) };
}

export async function adminGetCustomProvider(em: EntityManager, identifier: string): Promise<Record<string, unknown>> {
  return providerAnswer(await findRow(em, identifier));
}

export async function adminCreateCustomProvider(em: EntityManager, body: unknown): Promise<Record<string, unknown>> {
  const fields = fieldsToCreate(bodyObject(body));
  const taken = await em.getConnection().execute<{ n: number }[]>(`select count(*)::int as n from auth_custom_providers where identifier = ?`, [fields.identifier]);
  if (taken[0]!.n > 0) throw new IdentityError(EXTERNAL.CUSTOM_PROVIDER_CONFLICT, "A custom OAuth provider with this identifier already exists");
  await checkResolvedUrls(fields);
  // GoTrue fetches an OpenID provider's discovery document before it stores anything.
  const discovery = fields.provider_type === "oidc" ? await discoveryOf(fields.issuer!, fields.discovery_url) : null;
  const values = [...COLUMNS.map((column) => columnValue(column, fields[column])), encryptSecret(fields.client_secret), discovery ? JSON.stringify(discovery) : null];
  const rows = await em.getConnection().execute<ProviderRow[]>(
    `insert into auth_custom_providers (${COLUMNS.join(", ")}, client_secret_sealed, cached_discovery)
       values (${COLUMNS.map((column) => (JSON_COLUMNS.has(column) ? "?::jsonb" : "?")).join(", ")}, ?, ?::jsonb)
       on conflict (identifier) do nothing returning *`,
    values,
  );
  if (!rows[0]) throw new IdentityError(EXTERNAL.CUSTOM_PROVIDER_CONFLICT, "A custom OAuth provider with this identifier already exists");
  return providerAnswer(rows[0]);
}

export async function adminUpdateCustomProvider(em: EntityManager, identifier: string, body: unknown): Promise<Record<string, unknown>> {
  const fields = bodyObject(body);
  const row = await findRow(em, identifier);
  const changes = fieldsToUpdate(fields, row.provider_type as ProviderType);
  await checkResolvedUrls(changes);
  const { client_secret: secret, ...plain } = changes;
  const sets: string[] = [];
  const values: unknown[] = [];
  for (const [column, value] of Object.entries(plain)) {
    sets.push(`${column} = ${JSON_COLUMNS.has(column) ? "?::jsonb" : "?"}`);
    values.push(columnValue(column, value));
  }
  if (secret) {
    sets.push("client_secret_sealed = ?");
    values.push(encryptSecret(secret));
  }
  if (row.provider_type === "oidc" && (changes.issuer || changes.discovery_url)) {
    const discovery = await discoveryOf(changes.issuer ?? row.issuer!, changes.discovery_url ?? row.discovery_url);
    sets.push("cached_discovery = ?::jsonb");
    values.push(JSON.stringify(discovery));
  }
  const rows = await em
    .getConnection()
    .execute<ProviderRow[]>(`update auth_custom_providers set ${[...sets, "updated_at = now()"].join(", ")} where id = ? returning *`, [...values, row.id]);
  if (!rows[0]) throw notFound();
  return providerAnswer(rows[0]);
}

export async function adminDeleteCustomProvider(em: EntityManager, identifier: string): Promise<void> {
  const rows = await em.getConnection().execute<{ id: string }[]>(`delete from auth_custom_providers where identifier = ? returning id`, [checkedIdentifier(identifier)]);
  if (!rows[0]) throw notFound();
}

function columnValue(column: string, value: unknown): unknown {
  return JSON_COLUMNS.has(column) ? JSON.stringify(value) : value;
}
