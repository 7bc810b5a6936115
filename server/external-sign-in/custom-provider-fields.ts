import { IdentityError } from "../identity";
import { isSafeValue } from "../platform/validation/text";
import { urlProblem } from "./custom-provider-urls";
import { EXTERNAL } from "./error-codes";

/**
 * The body of GoTrue's admin custom provider API (internal/api/custom_oauth_admin.go), checked
 * in GoTrue's order with its messages, plus what the table needs: GoTrue's identifier and name
 * constraints answered as 400s (not its 500s), and no NUL or broken UTF-16 anywhere (a jsonb or
 * text column refuses them). A refused body writes nothing.
 */
export type ProviderType = "oauth2" | "oidc";

export interface CustomProviderFields {
  provider_type: ProviderType;
  identifier: string;
  name: string;
  client_id: string;
  client_secret: string;
  acceptable_client_ids: string[];
  scopes: string[];
  pkce_enabled: boolean;
  attribute_mapping: Record<string, unknown>;
  custom_claims_allowlist: string[];
  authorization_params: Record<string, string>;
  enabled: boolean;
  email_optional: boolean;
  issuer: string | null;
  discovery_url: string | null;
  skip_nonce_check: boolean;
  authorization_url: string | null;
  token_url: string | null;
  userinfo_url: string | null;
  jwks_uri: string | null;
}

export type CustomProviderChanges = Partial<Omit<CustomProviderFields, "provider_type" | "identifier">>;

const invalid = (message: string) => new IdentityError(EXTERNAL.CUSTOM_PROVIDER_INVALID, message);

/** GoTrue's table constraint on identifiers, with its `custom:` prefix rule. */
const IDENTIFIER_FORMAT = /^[a-z0-9][a-z0-9:-]{0,48}[a-z0-9]$/;
const MAX_URL = 2048;

/** OAuth parameters the server itself sets (GoTrue's reservedOAuthParams). */
const RESERVED_PARAMS = new Set(["client_id", "client_secret", "redirect_uri", "response_type", "state", "code_challenge", "code_challenge_method", "code_verifier", "nonce"]);

/** Account fields a provider may never fill (GoTrue's validateAttributeMapping). */
const PROTECTED_TARGETS = new Set([
  "id", "aud", "role", "app_metadata", "created_at", "updated_at", "confirmed_at", "email_confirmed_at", "phone_confirmed_at", "email_verified", "phone_verified", "banned_until", "is_super_admin",
]);

/** GoTrue's identifier checks, shared by the body and the path: the prefix, then the format. */
export function checkedIdentifier(identifier: string): string {
  if (identifier === "") throw invalid("identifier is required");
  if (!isSafeValue(identifier)) throw invalid("identifier contains characters that are not allowed");
  if (!identifier.startsWith("custom:")) throw invalid(`identifier must start with 'custom:' prefix, e.g. 'custom:${identifier.slice(0, 50)}'`);
  if (!IDENTIFIER_FORMAT.test(identifier)) throw invalid("identifier must be 2 to 50 lowercase letters, digits, ':' or '-', starting and ending with a letter or digit");
  return identifier;
}

function text(value: unknown, field: string): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw invalid(`${field} must be a string`);
  if (!isSafeValue(value)) throw invalid(`${field} contains characters that are not allowed`);
  return value;
}

function textList(value: unknown, field: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw invalid(`${field} must be an array of strings`);
  return value.map((item) => text(item === null ? 0 : item, field));
}

function flag(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw invalid(`${field} must be a boolean`);
  return value;
}

function object(value: unknown, field: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw invalid(`${field} must be an object`);
  if (!isSafeValue(JSON.stringify(value)) || JSON.stringify(value).includes("\\u0000")) throw invalid(`${field} contains characters that are not allowed`);
  return value as Record<string, unknown>;
}

function authorizationParams(value: unknown): Record<string, string> | undefined {
  const params = object(value, "authorization_params");
  if (!params) return undefined;
  for (const [key, entry] of Object.entries(params)) {
    if (RESERVED_PARAMS.has(key)) throw invalid(`Cannot override reserved OAuth parameter: ${key}`);
    if (typeof entry !== "string") throw invalid(`Authorization parameter ${JSON.stringify(key)} must be a string`);
  }
  return params as Record<string, string>;
}

function attributeMapping(value: unknown): Record<string, unknown> | undefined {
  const mapping = object(value, "attribute_mapping");
  for (const target of Object.keys(mapping ?? {})) {
    if (PROTECTED_TARGETS.has(target)) throw invalid(`Cannot map to protected system field: ${target}`);
  }
  return mapping;
}

function claimsAllowlist(value: unknown): string[] | undefined {
  const list = textList(value, "custom_claims_allowlist");
  if (list?.some((key) => key.trim() === "")) throw invalid("custom_claims_allowlist entries must be non-empty strings");
  return list;
}

function url(value: unknown, field: string): string {
  const given = text(value, field);
  if (given === "") return "";
  if (given.length > MAX_URL) throw invalid(`${field} cannot exceed ${MAX_URL} characters`);
  const problem = urlProblem(given);
  if (problem) throw invalid(problem);
  return given;
}

/** GoTrue adds `openid` to an OpenID provider's scopes when it is missing. */
function withOpenId(scopes: string[]): string[] {
  return scopes.includes("openid") ? scopes : ["openid", ...scopes];
}

function name(value: string): string {
  if (value.length > 100) throw invalid("name cannot exceed 100 characters");
  return value;
}

/** `POST`: every required field, GoTrue's defaults for the rest. */
export function fieldsToCreate(body: Record<string, unknown>): CustomProviderFields {
  const type = text(body.provider_type, "provider_type");
  if (type !== "oauth2" && type !== "oidc") throw invalid("provider_type must be either 'oauth2' or 'oidc'");
  const identifier = checkedIdentifier(text(body.identifier, "identifier"));
  const fields = {
    name: text(body.name, "name"),
    client_id: text(body.client_id, "client_id"),
    client_secret: text(body.client_secret, "client_secret"),
  };
  if (!fields.name) throw invalid("name is required");
  if (!fields.client_id) throw invalid("client_id is required");
  if (!fields.client_secret) throw invalid("client_secret is required");
  const issuer = text(body.issuer, "issuer");
  const endpoints = { authorization_url: text(body.authorization_url, "authorization_url"), token_url: text(body.token_url, "token_url"), userinfo_url: text(body.userinfo_url, "userinfo_url") };
  if (type === "oidc" && !issuer) throw invalid("issuer is required for OIDC providers");
  if (type === "oauth2") {
    for (const field of ["authorization_url", "token_url", "userinfo_url"] as const) {
      if (!endpoints[field]) throw invalid(`${field} is required for OAuth2 providers`);
    }
  }
  const authParams = authorizationParams(body.authorization_params) ?? {};
  const mapping = attributeMapping(body.attribute_mapping) ?? {};
  const allowlist = claimsAllowlist(body.custom_claims_allowlist) ?? [];
  const scopes = textList(body.scopes, "scopes") ?? [];
  const oidc = type === "oidc";
  return {
    provider_type: type,
    identifier,
    name: name(fields.name),
    client_id: fields.client_id,
    client_secret: fields.client_secret,
    acceptable_client_ids: textList(body.acceptable_client_ids, "acceptable_client_ids") ?? [],
    scopes: oidc ? withOpenId(scopes) : scopes,
    pkce_enabled: flag(body.pkce_enabled, "pkce_enabled") ?? true,
    attribute_mapping: mapping,
    custom_claims_allowlist: allowlist,
    authorization_params: authParams,
    enabled: flag(body.enabled, "enabled") ?? true,
    email_optional: flag(body.email_optional, "email_optional") ?? false,
    issuer: oidc ? url(issuer, "issuer") : null,
    discovery_url: oidc ? url(body.discovery_url, "discovery_url") || null : null,
    skip_nonce_check: oidc ? (flag(body.skip_nonce_check, "skip_nonce_check") ?? false) : false,
    authorization_url: oidc ? null : url(endpoints.authorization_url, "authorization_url"),
    token_url: oidc ? null : url(endpoints.token_url, "token_url"),
    userinfo_url: oidc ? null : url(endpoints.userinfo_url, "userinfo_url"),
    jwks_uri: oidc ? null : url(body.jwks_uri, "jwks_uri") || null,
  };
}

/** `PUT`: only what is given changes (GoTrue's updateProviderFromParams: empty strings change nothing). */
export function fieldsToUpdate(body: Record<string, unknown>, type: ProviderType): CustomProviderChanges {
  const authParams = authorizationParams(body.authorization_params);
  const mapping = attributeMapping(body.attribute_mapping);
  const allowlist = claimsAllowlist(body.custom_claims_allowlist);
  const changes: CustomProviderChanges = {};
  const given = <K extends keyof CustomProviderChanges>(key: K, value: CustomProviderChanges[K] | undefined | "") => {
    if (value !== undefined && value !== "") changes[key] = value as CustomProviderChanges[K];
  };
  given("name", name(text(body.name, "name")));
  given("client_id", text(body.client_id, "client_id"));
  given("client_secret", text(body.client_secret, "client_secret"));
  given("acceptable_client_ids", textList(body.acceptable_client_ids, "acceptable_client_ids"));
  const scopes = textList(body.scopes, "scopes");
  given("scopes", scopes && type === "oidc" ? withOpenId(scopes) : scopes);
  given("pkce_enabled", flag(body.pkce_enabled, "pkce_enabled"));
  given("attribute_mapping", mapping);
  given("custom_claims_allowlist", allowlist);
  given("authorization_params", authParams);
  given("enabled", flag(body.enabled, "enabled"));
  given("email_optional", flag(body.email_optional, "email_optional"));
  if (type === "oidc") {
    given("issuer", url(body.issuer, "issuer"));
    given("discovery_url", url(body.discovery_url, "discovery_url"));
    given("skip_nonce_check", flag(body.skip_nonce_check, "skip_nonce_check"));
  } else {
    given("authorization_url", url(body.authorization_url, "authorization_url"));
    given("token_url", url(body.token_url, "token_url"));
    given("userinfo_url", url(body.userinfo_url, "userinfo_url"));
    given("jwks_uri", url(body.jwks_uri, "jwks_uri"));
  }
  return changes;
}
