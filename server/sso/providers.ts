import type { EntityManager } from "@mikro-orm/postgresql";
import { IdentityError } from "../identity";
import { SSO } from "./error-codes";
import { fetchIdpMetadata, parseIdpMetadata, type IdpMetadata } from "./idp-metadata";
import { insertOidcProvider, oidcUpdateOf } from "./oidc-connections";
import { attributeMappingOf, domainsOf, isUuid, nameIdFormatOf, readProviderParams, type ProviderParams } from "./provider-params";

/**
 * GoTrue's admin SSO API (internal/api/ssoadmin.go) over `sso_providers` and `sso_domains`
 * (ADR 079): list (`{ items }`, without metadata XML), create (201), get, update (only what is
 * given; `domains` replaces the list when present), delete (200 with the deleted provider).
 * Every check runs before the first write, so a refused request writes nothing.
 */
export interface ProviderRow {
  id: string;
  tenant_id: string | null;
  type: "saml" | "oidc";
  disabled: boolean;
  resource_id: string | null;
  entity_id: string | null;
  metadata_xml: string | null;
  metadata_url: string | null;
  name_id_format: string | null;
  attribute_mapping: Record<string, unknown>;
  issuer: string | null;
  client_id: string | null;
  client_secret_sealed: string | null;
  default_role: "member" | "viewer";
  created_at: Date | string;
  updated_at: Date | string;
}

export interface StoredProvider extends ProviderRow {
  domains: string[];
}

const notFound = () => new IdentityError(SSO.PROVIDER_NOT_FOUND, "SSO Identity Provider not found");

/**
 * GoTrue's SSOProvider JSON: `saml` with its entity ID, metadata (unless listed) and mapping;
 * an OpenID connection's `oidc` instead (issuer, client id, mapping; never the secret); `domains` as `{ domain }`.
 */
export function providerAnswer(provider: StoredProvider, withMetadata = true): Record<string, unknown> {
  return {
    id: provider.id,
    ...(provider.resource_id ? { resource_id: provider.resource_id } : {}),
    disabled: provider.disabled,
    ...(provider.type === "oidc" ? { oidc: { issuer: provider.issuer, client_id: provider.client_id, attribute_mapping: provider.attribute_mapping ?? {} } } : { saml: samlAnswer(provider, withMetadata) }),
    default_role: provider.default_role,
    domains: provider.domains.map((domain) => ({ domain })),
    // An extension beside GoTrue's fields (ADR 086): the workspace whose owner made it, null for the administrator's own.
    tenant_id: provider.tenant_id,
    created_at: new Date(provider.created_at).toISOString(),
    updated_at: new Date(provider.updated_at).toISOString(),
  };
}

function samlAnswer(provider: StoredProvider, withMetadata: boolean): Record<string, unknown> {
  return {
    entity_id: provider.entity_id,
    ...(withMetadata && provider.metadata_xml ? { metadata_xml: provider.metadata_xml } : {}),
    ...(provider.metadata_url ? { metadata_url: provider.metadata_url } : {}),
    attribute_mapping: provider.attribute_mapping ?? {},
    ...(provider.name_id_format ? { name_id_format: provider.name_id_format } : {}),
  };
}

async function withDomains(em: EntityManager, rows: ProviderRow[]): Promise<StoredProvider[]> {
  if (rows.length === 0) return [];
  const domains = await em.getConnection().execute<{ domain: string; provider_id: string }[]>(
    `select domain, provider_id from sso_domains where provider_id = any(?::uuid[]) order by created_at, domain`,
    [`{${rows.map((row) => row.id).join(",")}}`],
  );
  return rows.map((row) => ({ ...row, domains: domains.filter((d) => d.provider_id === row.id).map((d) => d.domain) }));
}

/** A provider by id (or `resource_<id>`, GoTrue's loadSSOProvider), null when none. */
export async function findProvider(em: EntityManager, idParam: string): Promise<StoredProvider | null> {
  const byResource = idParam.startsWith("resource_");
  if (!byResource && !isUuid(idParam)) return null;
  const rows = await em.getConnection().execute<ProviderRow[]>(
    byResource ? `select * from sso_providers where resource_id = ?` : `select * from sso_providers where id = ?`,
    [byResource ? idParam.slice("resource_".length) : idParam],
  );
  return (await withDomains(em, rows))[0] ?? null;
}

/** No stored domain holds a control character (NUL would be a database error), a lone surrogate, or more than 253 characters. */
const UNSTORABLE_DOMAIN = /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export async function findProviderByDomain(em: EntityManager, domain: string): Promise<StoredProvider | null> {
  if (domain.length > 253 || UNSTORABLE_DOMAIN.test(domain)) return null;
  const rows = await em.getConnection().execute<ProviderRow[]>(`select p.* from sso_providers p join sso_domains d on d.provider_id = p.id where d.domain = ?`, [domain.trim().toLowerCase()]);
  return (await withDomains(em, rows))[0] ?? null;
}

export async function findProviderByEntityId(em: EntityManager, entityId: string): Promise<StoredProvider | null> {
  const rows = await em.getConnection().execute<ProviderRow[]>(`select * from sso_providers where type = 'saml' and entity_id = ?`, [entityId]);
  return (await withDomains(em, rows))[0] ?? null;
}

export async function adminListSsoProviders(em: EntityManager, resourceId?: string): Promise<{ items: Record<string, unknown>[] }> {
  const rows = await em.getConnection().execute<ProviderRow[]>(
    resourceId ? `select * from sso_providers where resource_id = ? order by created_at, id` : `select * from sso_providers order by created_at, id`,
    resourceId ? [resourceId] : [],
  );
  return { items: (await withDomains(em, rows)).map((provider) => providerAnswer(provider, false)) };
}

export async function adminGetSsoProvider(em: EntityManager, idParam: string): Promise<Record<string, unknown>> {
  const provider = await findProvider(em, idParam);
  if (!provider) throw notFound();
  return providerAnswer(provider);
}

async function metadataOf(params: ProviderParams): Promise<{ raw: string; metadata: IdpMetadata }> {
  const raw = params.metadata_xml ? params.metadata_xml : await fetchIdpMetadata(params.metadata_url!);
  return { raw, metadata: parseIdpMetadata(raw) };
}

export async function checkDomainsFree(em: EntityManager, domains: string[], ownId: string | null, forUpdate: boolean): Promise<void> {
  for (const domain of domains) {
    const holder = await em.getConnection().execute<{ provider_id: string }[]>(`select provider_id from sso_domains where domain = ?`, [domain]);
    if (holder[0] && holder[0].provider_id !== ownId) {
      throw new IdentityError(
        SSO.DOMAIN_ALREADY_EXISTS,
        forUpdate
          ? `SSO domain '${domain}' already assigned to another provider (${holder[0].provider_id})`
          : `SSO Domain '${domain}' is already assigned to an SSO identity provider (${holder[0].provider_id})`,
      );
    }
  }
}

export async function adminCreateSsoProvider(em: EntityManager, body: unknown, tenantId: string | null = null): Promise<Record<string, unknown>> {
  const params = readProviderParams(body, false);
  if (params.type === "oidc") return adminGetSsoProvider(em, await insertOidcProvider(em, params, tenantId, (domains) => checkDomainsFree(em, domains, null, false)));
  const domains = domainsOf(params.domains) ?? [];
  const mapping = attributeMappingOf(params.attribute_mapping) ?? {};
  const nameIdFormat = nameIdFormatOf(params.name_id_format);
  const { raw, metadata } = await metadataOf(params);
  if (await findProviderByEntityId(em, metadata.entityId)) {
    throw new IdentityError(SSO.IDP_ALREADY_EXISTS, `SAML Identity Provider with this EntityID (${metadata.entityId}) already exists`);
  }
  await checkDomainsFree(em, domains, null, false);
  const id = await em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const rows = await connection.execute<{ id: string }[]>(
      `insert into sso_providers (tenant_id, type, disabled, resource_id, entity_id, metadata_xml, metadata_url, name_id_format, attribute_mapping, default_role)
       values (?, 'saml', ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      [tenantId, params.disabled === true, params.resource_id || null, metadata.entityId, raw, params.metadata_url || null, nameIdFormat, JSON.stringify(mapping), params.default_role ?? "member"],
    );
    for (const domain of domains) await connection.execute(`insert into sso_domains (domain, provider_id) values (?, ?)`, [domain, rows[0]!.id]);
    return rows[0]!.id;
  }).catch((error: unknown) => {
    throw uniqueViolation(error, metadata.entityId) ?? error;
  });
  return adminGetSsoProvider(em, id);
}

export async function adminUpdateSsoProvider(em: EntityManager, idParam: string, body: unknown): Promise<Record<string, unknown>> {
  const params = readProviderParams(body, true);
  const provider = await findProvider(em, idParam);
  if (!provider) throw notFound();
  const oidc = provider.type === "oidc" ? await oidcUpdateOf(readProviderParams({ ...(body as object), type: "oidc" }, true), provider) : null;
  const domains = domainsOf(params.domains);
  const mapping = attributeMappingOf(params.attribute_mapping);
  const nameIdFormat = params.name_id_format === undefined ? provider.name_id_format : nameIdFormatOf(params.name_id_format);
  let metadata: { raw: string; url: string | null } | null = null;
  if (params.metadata_xml || params.metadata_url) {
    const read = await metadataOf(params);
    if (read.metadata.entityId !== provider.entity_id) {
      throw new IdentityError(
        SSO.ENTITY_ID_MISMATCH,
        `SAML Metadata can be updated only if the EntityID matches for the provider; expected '${provider.entity_id}' but got '${read.metadata.entityId}'`,
      );
    }
    metadata = { raw: read.raw, url: params.metadata_url || provider.metadata_url };
  }
  if (domains) await checkDomainsFree(em, domains, provider.id, true);
  await em.transactional(async (tx) => {
    const connection = tx.getConnection();
    await connection.execute(
      `update sso_providers set metadata_xml = ?, metadata_url = ?, attribute_mapping = ?, name_id_format = ?, resource_id = ?, disabled = ?,
              issuer = ?, client_id = ?, client_secret_sealed = ?, default_role = ?, updated_at = now() where id = ?`,
      [
        metadata?.raw ?? provider.metadata_xml,
        metadata?.url ?? provider.metadata_url,
        JSON.stringify(mapping ?? provider.attribute_mapping),
        nameIdFormat,
        params.resource_id === undefined ? provider.resource_id : params.resource_id || null,
        params.disabled ?? provider.disabled,
        oidc?.issuer ?? provider.issuer,
        oidc?.clientId ?? provider.client_id,
        oidc?.secretSealed ?? provider.client_secret_sealed,
        params.default_role ?? provider.default_role,
        provider.id,
      ],
    );
    if (domains) {
      await connection.execute(`delete from sso_domains where provider_id = ? and not (domain = any(?::text[]))`, [provider.id, `{${domains.map((d) => `"${d}"`).join(",")}}`]);
      for (const domain of domains) await connection.execute(`insert into sso_domains (domain, provider_id) values (?, ?) on conflict (domain) do nothing`, [domain, provider.id]);
    }
  }).catch((error: unknown) => {
    throw uniqueViolation(error, provider.entity_id ?? "") ? new IdentityError(SSO.CONFLICT, "Updating SSO provider failed, likely due to a conflict. Try again?") : error;
  });
  return adminGetSsoProvider(em, provider.id);
}

export async function adminDeleteSsoProvider(em: EntityManager, idParam: string): Promise<Record<string, unknown>> {
  const provider = await findProvider(em, idParam);
  if (!provider) throw notFound();
  await em.getConnection().execute(`delete from sso_providers where id = ?`, [provider.id]);
  return providerAnswer(provider);
}

/** Two admins racing for one entity ID or domain: the loser gets the answer the early check would have given. */
function uniqueViolation(error: unknown, entityId: string): IdentityError | null {
  const text = String((error as { message?: string })?.message ?? "");
  if (!text.includes("duplicate key")) return null;
  if (text.includes("sso_domains")) return new IdentityError(SSO.DOMAIN_ALREADY_EXISTS, "SSO Domain is already assigned to an SSO identity provider");
  return new IdentityError(SSO.IDP_ALREADY_EXISTS, `SAML Identity Provider with this EntityID (${entityId}) already exists`);
}
