import { IDENTITY } from "../../identity";
import { isSafeValue } from "../../platform/validation/text";
import { IdentityError } from "../../identity";
import { clientNameProblem, clientUriProblem } from "./client-metadata-rules";

/**
 * The fields of GoTrue's admin OAuth client API (`auth.admin.oauth.*` of auth-js), checked by
 * GoTrue's own rules (internal/api/oauthserver/service.go) with its messages, plus what our
 * store needs: no NUL or broken UTF-16 (PostgreSQL's jsonb refuses them, which would be a 500).
 */
export type ClientType = "public" | "confidential";
export type AuthMethod = "none" | "client_secret_basic" | "client_secret_post";

export interface ClientFieldsToCreate {
  redirect_uris: string[];
  grant_types: string[];
  client_type: ClientType;
  token_endpoint_auth_method: AuthMethod;
  client_name: string;
  client_uri: string;
  logo_uri: string;
}

export type ClientFieldsToUpdate = Partial<Pick<ClientFieldsToCreate, "redirect_uris" | "grant_types" | "client_name" | "client_uri" | "logo_uri" | "token_endpoint_auth_method">>;

const AUTH_METHODS: AuthMethod[] = ["none", "client_secret_basic", "client_secret_post"];
const GRANT_TYPES = new Set(["authorization_code", "refresh_token"]);
const MAX_REDIRECT_URIS = 10;
const MAX_NAME = 1024;
const MAX_URI = 2048;
const DANGEROUS_SCHEMES = new Set(["javascript:", "data:", "file:", "vbscript:", "about:", "blob:"]);
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

const invalid = (message: string) => new IdentityError(IDENTITY.VALIDATION_FAILED, message);

function text(value: unknown, field: string): string {
  if (typeof value !== "string") throw invalid(`${field} must be a string`);
  if (!isSafeValue(value)) throw invalid(`${field} contains characters that are not allowed`);
  return value;
}

function textList(value: unknown, field: string): string[] {
  if (!Array.isArray(value)) throw invalid(`${field} must be an array of strings`);
  return value.map((item) => text(item, field));
}

/** GoTrue's validateRedirectURI: absolute, no fragment, no script-like scheme, `http` only on a loopback host. */
function redirectUriProblem(uri: string): string | null {
  if (uri === "") return "redirect URI cannot be empty";
  if (uri.length > MAX_URI) return `cannot exceed ${MAX_URI} characters`;
  const parsed = URL.parse(uri);
  if (!parsed) return "invalid URL format";
  // `myapp://callback` has a host; `myapp:callback` has none, as Go's url.Parse sees it.
  if (!parsed.host) return "must have scheme and host";
  if (DANGEROUS_SCHEMES.has(parsed.protocol)) return `scheme '${parsed.protocol.slice(0, -1)}' is not allowed for security reasons`;
  if (parsed.protocol === "http:" && !LOOPBACK.has(parsed.hostname)) return "HTTP scheme only allowed for localhost";
  if (uri.includes("#")) return "fragment not allowed in redirect URI";
  return null;
}

/** GoTrue's validateRedirectURIList: on create an empty list is "required", on update "cannot be empty". */
function redirectUris(value: unknown, required: boolean): string[] {
  if (value === undefined || value === null) throw invalid("redirect_uris is required");
  const uris = textList(value, "redirect_uris");
  if (uris.length === 0) throw invalid(required ? "redirect_uris is required" : "redirect_uris cannot be empty");
  if (uris.length > MAX_REDIRECT_URIS) throw invalid(`redirect_uris cannot exceed ${MAX_REDIRECT_URIS} items`);
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalid(`invalid redirect_uri '${uri.slice(0, 200)}': ${problem}`);
    // Then the rules of every road (client-metadata-rules.ts): no display tricks, no `user:pass@`.
    const shared = clientUriProblem(uri);
    if (shared) throw invalid(shared);
  }
  return uris;
}

function grantTypes(value: unknown): string[] {
  const types = textList(value, "grant_types");
  if (types.length === 0) throw invalid("grant_types cannot be empty");
  if (!types.every((type) => GRANT_TYPES.has(type))) throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
  return [...new Set(types)];
}

function clientName(value: unknown): string {
  const name = text(value, "client_name");
  // GoTrue's own limit keeps its own message; below it, the rules of every road (client-metadata-rules.ts).
  if ([...name].length > MAX_NAME) throw invalid(`client_name cannot exceed ${MAX_NAME} characters`);
  const problem = clientNameProblem(name);
  if (problem) throw invalid(problem);
  return name;
}

function optionalUri(value: unknown, field: "client_uri" | "logo_uri"): string {
  const uri = text(value, field);
  if (uri === "") return "";
  if (uri.length > MAX_URI) throw invalid(`${field} cannot exceed ${MAX_URI} characters`);
  const problem = clientUriProblem(uri, field);
  if (problem) throw invalid(problem);
  // Stricter than GoTrue (any scheme): the library shows and checks these as web addresses.
  const parsed = URL.parse(uri);
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) throw invalid(`${field} must be a valid URL`);
  return uri;
}

function authMethod(value: unknown, message: string): AuthMethod {
  const method = text(value, "token_endpoint_auth_method");
  if (!AUTH_METHODS.includes(method as AuthMethod)) throw invalid(`${message}: [${AUTH_METHODS.join(" ")}]`);
  return method as AuthMethod;
}

const typeOfMethod = (method: AuthMethod): ClientType => (method === "none" ? "public" : "confidential");

/** A body that is not an object is refused as GoTrue's JSON decoder would. */
function object(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new IdentityError(IDENTITY.BAD_JSON, "Invalid JSON body");
  return body as Record<string, unknown>;
}

const given = (value: unknown) => value !== undefined && value !== null;

/** GoTrue's OAuthServerClientRegisterParams.validate and its defaults (confidential, client_secret_basic, both grants). */
export function clientFieldsToCreate(body: unknown): ClientFieldsToCreate {
  const fields = object(body);
  const uris = redirectUris(fields.redirect_uris, true);
  const grants = given(fields.grant_types) ? grantTypes(fields.grant_types) : ["authorization_code", "refresh_token"];
  const name = given(fields.client_name) ? clientName(fields.client_name) : "";
  const clientUri = given(fields.client_uri) ? optionalUri(fields.client_uri, "client_uri") : "";
  const logoUri = given(fields.logo_uri) ? optionalUri(fields.logo_uri, "logo_uri") : "";
  let type: ClientType | undefined;
  if (given(fields.client_type) && fields.client_type !== "") {
    const requested = text(fields.client_type, "client_type");
    if (requested !== "public" && requested !== "confidential") throw invalid("client_type must be 'public' or 'confidential'");
    type = requested;
  }
  const method = given(fields.token_endpoint_auth_method) && fields.token_endpoint_auth_method !== "" ? authMethod(fields.token_endpoint_auth_method, "token_endpoint_auth_method must be one of") : undefined;
  if (type && method && typeOfMethod(method) !== type) {
    throw invalid(`client_type '${type}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${typeOfMethod(method)}')`);
  }
  const clientType = type ?? (method ? typeOfMethod(method) : "confidential");
  return {
    redirect_uris: uris,
    grant_types: grants,
    client_type: clientType,
    token_endpoint_auth_method: method ?? (clientType === "public" ? "none" : "client_secret_basic"),
    client_name: name,
    client_uri: clientUri,
    logo_uri: logoUri,
  };
}

/** GoTrue's OAuthServerClientUpdateParams: only the fields given change; none at all is refused. */
export function clientFieldsToUpdate(body: unknown, clientType: ClientType): ClientFieldsToUpdate {
  const fields = object(body);
  const changes: ClientFieldsToUpdate = {};
  if (given(fields.redirect_uris)) changes.redirect_uris = redirectUris(fields.redirect_uris, false);
  if (given(fields.grant_types)) changes.grant_types = grantTypes(fields.grant_types);
  if (given(fields.client_name)) changes.client_name = clientName(fields.client_name);
  if (given(fields.client_uri)) changes.client_uri = optionalUri(fields.client_uri, "client_uri");
  if (given(fields.logo_uri)) changes.logo_uri = optionalUri(fields.logo_uri, "logo_uri");
  if (given(fields.token_endpoint_auth_method)) {
    const method = authMethod(fields.token_endpoint_auth_method, "invalid token_endpoint_auth_method: must be one of");
    if (typeOfMethod(method) !== clientType) {
      const valid = clientType === "public" ? "[none]" : "[client_secret_basic client_secret_post]";
      throw invalid(`token_endpoint_auth_method '${method}' is not valid for client_type '${clientType}'; valid methods: ${valid}`);
    }
    changes.token_endpoint_auth_method = method;
  }
  if (Object.keys(changes).length === 0) throw invalid("No fields provided for update");
  return changes;
}
