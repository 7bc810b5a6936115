import { IdentityError } from "../identity";
import { SSO } from "./error-codes";

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
  };
  if (fields.disabled !== undefined && fields.disabled !== null) {
    if (typeof fields.disabled !== "boolean") throw invalid("disabled must be a boolean");
    params.disabled = fields.disabled;
  }
  if (!forUpdate && params.type !== "saml") throw invalid("Only 'saml' supported for SSO provider type");
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

/** GoTrue's SAMLAttributeMapping: `{ keys: { <claim>: { name?, names?, default?, array? } } }`. */
export function attributeMappingOf(value: unknown): Record<string, unknown> | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "object" || Array.isArray(value)) throw invalid("attribute_mapping must be an object");
  const keys = (value as { keys?: unknown }).keys;
  if (keys === undefined || keys === null) return {};
  if (typeof keys !== "object" || Array.isArray(keys)) throw invalid("attribute_mapping.keys must be an object");
  for (const [claim, rule] of Object.entries(keys as Record<string, unknown>)) {
    if (typeof rule !== "object" || rule === null || Array.isArray(rule)) throw invalid(`attribute_mapping.keys.${claim} must be an object`);
    const { name, names, array } = rule as Record<string, unknown>;
    if (name !== undefined && typeof name !== "string") throw invalid(`attribute_mapping.keys.${claim}.name must be a string`);
    if (names !== undefined && (!Array.isArray(names) || names.some((n) => typeof n !== "string"))) throw invalid(`attribute_mapping.keys.${claim}.names must be a list of strings`);
    if (array !== undefined && typeof array !== "boolean") throw invalid(`attribute_mapping.keys.${claim}.array must be a boolean`);
  }
  return { keys };
}

export function nameIdFormatOf(value: string | undefined): string | null {
  return value ? value : null;
}
