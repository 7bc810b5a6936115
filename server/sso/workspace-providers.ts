import type { EntityManager } from "@mikro-orm/postgresql";
import { recordChange } from "../changes";
import { IdentityError } from "../identity";
import { encryptSecret } from "../platform/crypto/secret-box";
import { AppError } from "../platform/errors";
import { domainsOf } from "./provider-params";
import { adminCreateSsoProvider, adminUpdateSsoProvider, checkDomainsFree, type ProviderRow } from "./providers";
import { WORKSPACE_SSO_CODES } from "./error-codes";
import { PROVIDER_NOT_FOUND_MESSAGE, type WorkspaceProviderCreate, type WorkspaceProviderUpdate, type WorkspaceProviderView } from "./workspace-schemas";

/**
 * A workspace owner's own identity providers (issue 32 item 3, ADR 086), over the rows the
 * admin API keeps (ADR 079) with `tenant_id` the workspace. SAML goes through the admin API's
 * own validation (metadata, entity ID, domains free); OpenID is checked here (the ssooidc work
 * signs in with it). Every domain listed must be one the workspace has verified. Another
 * workspace's providers are 404 here, as if they did not exist.
 */
type Row = ProviderRow & { issuer: string | null; client_id: string | null };
type GroupRoles = Record<string, "member" | "viewer">;
type Keys = Record<string, { name?: string; names?: string[]; array?: boolean; default?: unknown }>;

const notFound = () => new AppError("NOT_FOUND", PROVIDER_NOT_FOUND_MESSAGE);
const iso = (value: Date | string) => new Date(value).toISOString();

/** The admin API's GoTrue refusals, as the workspace API's `{ message }` errors (same sentence). */
function asAppError(error: unknown): unknown {
  if (!(error instanceof IdentityError)) return error;
  if (error.status === 404) return notFound();
  return new AppError(error.status === 422 ? "CONFLICT" : "BAD_REQUEST", error.message);
}

async function attempt<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asAppError(error);
  }
}

function keysOf(row: Pick<Row, "attribute_mapping">): Keys {
  return ((row.attribute_mapping ?? {}) as { keys?: Keys }).keys ?? {};
}

/** The group -> role table, where the sign-in reads it (`attribute_mapping.group_roles`, ADR 085). */
function groupRolesOf(row: Pick<Row, "attribute_mapping">): GroupRoles {
  return ((row.attribute_mapping ?? {}) as { group_roles?: GroupRoles }).group_roles ?? {};
}

function view(row: Row, domains: string[]): WorkspaceProviderView {
  const keys = keysOf(row);
  return {
    id: row.id,
    type: row.type,
    disabled: row.disabled,
    entityId: row.type === "saml" ? row.entity_id : null,
    metadataUrl: row.metadata_url,
    issuer: row.issuer,
    clientId: row.client_id,
    domains,
    displayNameAttribute: keys.name?.name ?? null,
    groupsAttribute: keys.groups?.name ?? null,
    groupRoles: groupRolesOf(row),
    defaultRole: row.default_role,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

async function domainsByProvider(em: EntityManager, ids: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return found;
  const rows = await em.getConnection().execute<{ domain: string; provider_id: string }[]>(
    `select domain, provider_id from sso_domains where provider_id = any(?::uuid[]) order by created_at, domain`,
    [`{${ids.join(",")}}`],
  );
  for (const row of rows) found.get(row.provider_id)?.push(row.domain);
  return found;
}

export async function listWorkspaceProviders(em: EntityManager, tenantId: string): Promise<WorkspaceProviderView[]> {
  const rows = await em.getConnection().execute<Row[]>(`select * from sso_providers where tenant_id = ? order by created_at, id`, [tenantId]);
  const domains = await domainsByProvider(em, rows.map((row) => row.id));
  return rows.map((row) => view(row, domains.get(row.id) ?? []));
}

async function ownRow(em: EntityManager, tenantId: string, providerId: string): Promise<Row> {
  const [row] = await em.getConnection().execute<Row[]>(`select * from sso_providers where id = ? and tenant_id = ?`, [providerId, tenantId]);
  if (!row) throw notFound();
  return row;
}

export async function getWorkspaceProvider(em: EntityManager, tenantId: string, providerId: string): Promise<WorkspaceProviderView> {
  const row = await ownRow(em, tenantId, providerId);
  return view(row, (await domainsByProvider(em, [row.id])).get(row.id) ?? []);
}

/** Each domain normalised as the admin API does, and verified by this workspace; else a 400 naming the first that is not. */
async function verifiedDomains(em: EntityManager, tenantId: string, raw: string[] | undefined): Promise<string[] | null> {
  const domains = await attempt(async () => domainsOf(raw));
  if (!domains) return null;
  for (const domain of domains) {
    const rows = await em.getConnection().execute(`select 1 from workspace_domains where tenant_id = ? and domain = ? and verified_at is not null`, [tenantId, domain]);
    if (rows.length === 0) {
      throw new AppError("BAD_REQUEST", `${domain} is not a verified domain of this workspace: claim and verify it under Email domains first`, {
        code: WORKSPACE_SSO_CODES.SSO_DOMAIN_NOT_VERIFIED.code,
      });
    }
  }
  return domains;
}

/**
 * The mapping kept in GoTrue's attribute_mapping: the attribute names (`keys.name`, `keys.groups`),
 * other keys left as they are, and ours beside them, `group_roles` (what the sign-in applies, ADR 085).
 */
function mappingWith(row: Pick<Row, "attribute_mapping">, fields: Pick<WorkspaceProviderUpdate, "displayNameAttribute" | "groupsAttribute" | "groupRoles">): { keys: Keys; group_roles?: GroupRoles } {
  const keys = keysOf(row);
  const groupRoles = fields.groupRoles ?? groupRolesOf(row);
  const next: Keys = { ...keys };
  if (fields.displayNameAttribute !== undefined) {
    if (fields.displayNameAttribute) next.name = { name: fields.displayNameAttribute };
    else delete next.name;
  }
  if (fields.groupsAttribute !== undefined) {
    if (fields.groupsAttribute) next.groups = { name: fields.groupsAttribute, array: true };
    else delete next.groups;
  }
  return { keys: next, ...(Object.keys(groupRoles).length > 0 ? { group_roles: groupRoles } : {}) };
}

function httpsUrl(value: string | undefined, field: string): string {
  let url: URL;
  try {
    url = new URL(value ?? "");
  } catch {
    throw new AppError("BAD_REQUEST", `${field} must be a URL such as https://idp.example.com`);
  }
  if (url.protocol !== "https:") throw new AppError("BAD_REQUEST", `${field} must be an https URL`);
  return url.href.replace(/\/$/, "");
}

async function createOidc(em: EntityManager, tenantId: string, input: WorkspaceProviderCreate, domains: string[]): Promise<string> {
  const issuer = httpsUrl(input.issuer, "Issuer");
  const clientId = input.clientId?.trim() ?? "";
  if (!clientId) throw new AppError("BAD_REQUEST", "Client ID is required");
  if (!input.clientSecret) throw new AppError("BAD_REQUEST", "Client secret is required");
  await attempt(() => checkDomainsFree(em, domains, null, false));
  return em.transactional(async (tx) => {
    const [row] = await tx.execute<{ id: string }[]>(
      `insert into sso_providers (tenant_id, type, issuer, client_id, client_secret_sealed) values (?, 'oidc', ?, ?, ?) returning id`,
      [tenantId, issuer, clientId, encryptSecret(input.clientSecret!)],
    );
    for (const domain of domains) await tx.execute(`insert into sso_domains (domain, provider_id) values (?, ?)`, [domain, row!.id]);
    return row!.id;
  });
}

/** The mapping (attribute names, group -> role, default role), then the audit row. */
async function saveMapping(em: EntityManager, tenantId: string, id: string, fields: WorkspaceProviderUpdate, audit: "sso_provider.created" | "sso_provider.changed"): Promise<void> {
  await em.transactional(async (tx) => {
    const row = (await tx.execute<Row[]>(`select * from sso_providers where id = ? for update`, [id]))[0]!;
    const mapping = mappingWith(row, fields);
    await tx.execute(`update sso_providers set attribute_mapping = ?, default_role = ?, updated_at = now() where id = ?`, [
      JSON.stringify(mapping),
      fields.defaultRole ?? row.default_role,
      id,
    ]);
    await recordChange(tx, { tenantId, audit, data: { type: row.type, ...(row.entity_id ? { entityId: row.entity_id } : {}), ...(row.issuer ? { issuer: row.issuer } : {}) }, target: { type: "sso_provider", id } });
  });
}

export async function createWorkspaceProvider(em: EntityManager, tenantId: string, input: WorkspaceProviderCreate): Promise<WorkspaceProviderView> {
  const domains = (await verifiedDomains(em, tenantId, input.domains)) ?? [];
  let id: string;
  if (input.type === "saml") {
    const body = { type: "saml", metadata_xml: input.metadataXml || undefined, metadata_url: input.metadataUrl || undefined, domains };
    id = String((await attempt(() => adminCreateSsoProvider(em, body, tenantId))).id);
  } else {
    id = await createOidc(em, tenantId, input, domains);
  }
  await saveMapping(em, tenantId, id, input, "sso_provider.created");
  return getWorkspaceProvider(em, tenantId, id);
}

export async function updateWorkspaceProvider(em: EntityManager, tenantId: string, providerId: string, fields: WorkspaceProviderUpdate): Promise<WorkspaceProviderView> {
  const row = await ownRow(em, tenantId, providerId);
  const domains = await verifiedDomains(em, tenantId, fields.domains);
  if (row.type === "saml") {
    const body = { metadata_xml: fields.metadataXml || undefined, metadata_url: fields.metadataUrl || undefined, disabled: fields.disabled, ...(domains ? { domains } : {}) };
    await attempt(() => adminUpdateSsoProvider(em, row.id, body));
  } else {
    if (domains) await attempt(() => checkDomainsFree(em, domains, row.id, true));
    await em.transactional(async (tx) => {
      if (fields.clientSecret) await tx.execute(`update sso_providers set client_secret_sealed = ? where id = ?`, [encryptSecret(fields.clientSecret), row.id]);
      if (fields.disabled !== undefined) await tx.execute(`update sso_providers set disabled = ? where id = ?`, [fields.disabled, row.id]);
      if (domains) {
        await tx.execute(`delete from sso_domains where provider_id = ?`, [row.id]);
        for (const domain of domains) await tx.execute(`insert into sso_domains (domain, provider_id) values (?, ?)`, [domain, row.id]);
      }
    });
  }
  await saveMapping(em, tenantId, row.id, fields, "sso_provider.changed");
  return getWorkspaceProvider(em, tenantId, row.id);
}

/** The provider goes with its domains; sessions that signed in through it keep running but no longer satisfy "require single sign-on". */
export async function deleteWorkspaceProvider(em: EntityManager, tenantId: string, providerId: string): Promise<void> {
  await em.transactional(async (tx) => {
    const [row] = await tx.execute<Row[]>(`delete from sso_providers where id = ? and tenant_id = ? returning *`, [providerId, tenantId]);
    if (!row) throw notFound();
    await recordChange(tx, { tenantId, audit: "sso_provider.removed", data: { type: row.type }, target: { type: "sso_provider", id: row.id } });
  });
}
