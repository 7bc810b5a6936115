import type { EntityManager } from "@mikro-orm/postgresql";
import { discoveryOf } from "../external-sign-in";
import { IdentityError } from "../identity";
import { encryptSecret } from "../platform/crypto/secret-box";
import { SSO } from "./error-codes";
import { attributeMappingOf, domainsOf, type ProviderParams } from "./provider-params";

/**
 * OpenID Connect enterprise connections in the admin SSO API (issue 32 item 2, ADR 085):
 * `type: "oidc"` with `issuer`, `client_id`, `client_secret`, `domains`, `attribute_mapping`.
 * The issuer is proven before anything is stored: its discovery document is fetched and must
 * name exactly that issuer and the endpoints a sign-in needs (external sign-in's check, reused).
 * The secret is sealed (secret-box) and never answered.
 */
const invalid = (message: string) => new IdentityError(SSO.VALIDATION_FAILED, message);

/** An issuer is an http(s) URL with no query or fragment (OpenID Discovery 4.1); no trailing slash kept. */
function issuerOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid("issuer is not a valid URL");
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.search || url.hash || url.username || url.password) throw invalid("issuer must be an https URL without query or fragment");
  return value.replace(/\/+$/, "");
}

/** The OpenID columns of a stored provider (its full row type lives in providers.ts, which calls here). */
interface StoredOidc {
  issuer: string | null;
  client_id: string | null;
  client_secret_sealed: string | null;
}

export interface OidcFields {
  issuer: string;
  clientId: string;
  secretSealed: string | null;
}

/** What a create (everything required) or an update (only what is given) stores; discovery checked when the issuer is new. */
export async function oidcFieldsOf(params: ProviderParams, current: StoredOidc | null): Promise<OidcFields> {
  if (!current) {
    if (!params.issuer) throw invalid("issuer is required for 'oidc' providers");
    if (!params.client_id) throw invalid("client_id is required for 'oidc' providers");
    if (!params.client_secret) throw invalid("client_secret is required for 'oidc' providers");
  }
  const issuer = params.issuer ? issuerOf(params.issuer) : current!.issuer!;
  if (!current || issuer !== current.issuer) await discoveryOf(issuer, null);
  return {
    issuer,
    clientId: params.client_id || current!.client_id!,
    secretSealed: params.client_secret ? encryptSecret(params.client_secret) : null,
  };
}

export async function insertOidcProvider(em: EntityManager, params: ProviderParams, tenantId: string | null, checkDomainsFree: (domains: string[]) => Promise<void>): Promise<string> {
  const domains = domainsOf(params.domains) ?? [];
  const mapping = attributeMappingOf(params.attribute_mapping) ?? {};
  const fields = await oidcFieldsOf(params, null);
  await checkDomainsFree(domains);
  return em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const rows = await connection.execute<{ id: string }[]>(
      `insert into sso_providers (tenant_id, type, disabled, resource_id, issuer, client_id, client_secret_sealed, attribute_mapping, default_role)
       values (?, 'oidc', ?, ?, ?, ?, ?, ?, ?) returning id`,
      [tenantId, params.disabled === true, params.resource_id || null, fields.issuer, fields.clientId, fields.secretSealed, JSON.stringify(mapping), params.default_role ?? "member"],
    );
    for (const domain of domains) await connection.execute(`insert into sso_domains (domain, provider_id) values (?, ?)`, [domain, rows[0]!.id]);
    return rows[0]!.id;
  });
}

/** The OpenID columns of an update (the rest is the shared update's). */
export async function oidcUpdateOf(params: ProviderParams, provider: StoredOidc): Promise<OidcFields & { secretSealed: string }> {
  const fields = await oidcFieldsOf(params, provider);
  return { ...fields, secretSealed: fields.secretSealed ?? provider.client_secret_sealed! };
}
