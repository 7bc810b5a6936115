import { IdentityError } from "../identity";
import { SSO } from "./error-codes";
import { MAPPABLE_ROLES, type MappedRole } from "./mapping";

/**
 * GoTrue's CreateSSOProviderParams and its validate(forUpdate) (internal/api/ssoadmin.go):
 * the body of `POST` and `PUT /auth/v1/admin/sso/providers`, in GoTrue's order of checks and
 * with its messages. Fields of the wrong JSON type are GoTrue's `bad_json`-like refusal, here
 * `validation_failed` naming the field.
 */
export interface ProviderParams {
  type?: string;
  metadata_url?: string;
  metadata_xml?: string;
  domains?: unknown;
  attribute_mapping?: unknown;
  name_id_format?: string;
  resource_id?: string;
  disabled?: boolean;
  /** OpenID connections (ADR 085). */
  issuer?: string;
  client_id?: string;
  client_secret?: string;
  /** The role a workspace's provider gives when no group maps to one: `member` | `viewer`. */
  default_role?: MappedRole;
}

const invalid = (message: string) => new IdentityError(SSO.VALIDATION_FAILED, message);

export const NAME_ID_FORMATS = [
  "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
];

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

function stringField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw invalid(`${name} must be a string`);
  return value;
}

export function readProviderParams(body: unknown, forUpdate: boolean): ProviderParams {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw invalid("Could not read the request body");
  const fields = body as Record<string, unknown>;
  const params: ProviderParams = {
    type: stringField(fields, "type"),
    metadata_url: stringField(fields, "metadata_url"),
    metadata_xml: stringField(fields, "metadata_xml"),
    domains: fields.domains ?? undefined,
    attribute_mapping: fields.attribute_mapping ?? undefined,
    name_id_format: stringField(fields, "name_id_format"),
    resource_id: stringField(fields, "resource_id"),
    issuer: stringField(fields, "issuer"),
    client_id: stringField(fields, "client_id"),
    client_secret: stringField(fields, "client_secret"),
  };
  const defaultRole = stringField(fields, "default_role");
  if (defaultRole !== undefined) {
    if (!MAPPABLE_ROLES.includes(defaultRole as MappedRole)) throw invalid("default_role must be 'member' or 'viewer'");
    params.default_role = defaultRole as MappedRole;
  }
  if (fields.disabled !== undefined && fields.disabled !== null) {
    if (typeof fields.disabled !== "boolean") throw invalid("disabled must be a boolean");
    params.disabled = fields.disabled;
  }
  if (!forUpdate && params.type !== "saml" && params.type !== "oidc") throw invalid("Only 'saml' or 'oidc' supported for SSO provider type");
  // An OpenID connection's own checks are oidc-params.ts's; SAML's fields have no place in it.
  if (params.type === "oidc") {
    if (params.metadata_url || params.metadata_xml || params.name_id_format) throw invalid("metadata_xml, metadata_url and name_id_format are for 'saml' providers only");
    return params;
  }
  if (params.metadata_url && params.metadata_xml) throw invalid("Only one of metadata_xml or metadata_url needs to be set");
  if (!forUpdate && !params.metadata_url && !params.metadata_xml) throw invalid("Either metadata_xml or metadata_url must be set");
  if (params.metadata_url) {
    let url: URL;
    try {
      url = new URL(params.metadata_url);
    } catch {
      throw invalid("metadata_url is not a valid URL");
    }
    if (url.protocol !== "https:") throw invalid("metadata_url is not a HTTPS URL");
  }
  if (params.name_id_format && !NAME_ID_FORMATS.includes(params.name_id_format)) throw invalid(`name_id_format must be unspecified or one of ${NAME_ID_FORMATS.join(", ")}`);
  return params;
}

/** `domains`: absent (null) leaves them; a list replaces them. Lower-cased, each a hostname. */
export function domainsOf(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.some((domain) => typeof domain !== "string")) throw invalid("domains must be a list of strings");
  const domains = [...new Set((value as string[]).map((domain) => domain.trim().toLowerCase()))];
  for (const domain of domains) {
    if (domain.length > 253 || !/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/.test(domain)) throw invalid(`SSO domain '${domain}' is not a valid domain name`);
  }
  return domains;
}

/**
 * GoTrue's SAMLAttributeMapping: `{ keys: { <claim>: { name?, names?, default?, array? } } }`,
 * and ours beside it (ADR 085): `group_roles`, a group value → `member` | `viewer` (never `owner`).
 */
export function attributeMappingOf(value: unknown): Record<string, unknown> | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "object" || Array.isArray(value)) throw invalid("attribute_mapping must be an object");
  const keys = (value as { keys?: unknown }).keys;
  const groupRoles = groupRolesField((value as { group_roles?: unknown }).group_roles);
  if (keys === undefined || keys === null) return groupRoles ? { group_roles: groupRoles } : {};
  if (typeof keys !== "object" || Array.isArray(keys)) throw invalid("attribute_mapping.keys must be an object");
  for (const [claim, rule] of Object.entries(keys as Record<string, unknown>)) {
    if (typeof rule !== "object" || rule === null || Array.isArray(rule)) throw invalid(`attribute_mapping.keys.${claim} must be an object`);
    const { name, names, array } = rule as Record<string, unknown>;
    if (name !== undefined && typeof name !== "string") throw invalid(`attribute_mapping.keys.${claim}.name must be a string`);
    if (names !== undefined && (!Array.isArray(names) || names.some((n) => typeof n !== "string"))) throw invalid(`attribute_mapping.keys.${claim}.names must be a list of strings`);
    if (array !== undefined && typeof array !== "boolean") throw invalid(`attribute_mapping.keys.${claim}.array must be a boolean`);
  }
  return { keys, ...(groupRoles ? { group_roles: groupRoles } : {}) };
}

function groupRolesField(value: unknown): Record<string, MappedRole> | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "object" || Array.isArray(value)) throw invalid("attribute_mapping.group_roles must be an object");
  for (const [group, role] of Object.entries(value as Record<string, unknown>)) {
    if (!MAPPABLE_ROLES.includes(role as MappedRole)) throw invalid(`attribute_mapping.group_roles.${group} must be 'member' or 'viewer' (owner is never granted by mapping)`);
  }
  return value as Record<string, MappedRole>;
}

export function nameIdFormatOf(value: string | undefined): string | null {
  return value ? value : null;
}
