import { z } from "zod";

/**
 * The shapes of GoTrue's admin OAuth client API, for the procedures
 * (raw fields in, checked by admin-client-fields.ts with GoTrue's messages) and the
 * OpenAPI document (what auth-js's `OAuthClient` type says).
 */
export const adminOAuthClientInput = z.object({
  serviceKey: z.string(),
  id: z.string().optional(),
  page: z.string().optional(),
  perPage: z.string().optional(),
  fields: z.unknown().optional(),
});

const redirectUris = z.array(z.string()).describe("1 to 10 absolute URIs without a fragment; `http` only on localhost, 127.0.0.1 or ::1; app schemes (`myapp://cb`) allowed.");
const grantTypes = z.array(z.enum(["authorization_code", "refresh_token"])).describe("Both by default.");
const authMethod = z.enum(["none", "client_secret_basic", "client_secret_post"]);

export const adminOAuthClientCreateBody = z.object({
  client_name: z.string().optional().describe("At most 1024 characters; shown on the consent page."),
  redirect_uris: redirectUris,
  grant_types: grantTypes.optional(),
  response_types: z.array(z.literal("code")).optional().describe("Always `code`."),
  client_type: z.enum(["public", "confidential"]).optional().describe("`confidential` by default (or as `token_endpoint_auth_method` implies): it gets a secret."),
  token_endpoint_auth_method: authMethod.optional().describe("`client_secret_basic` for a confidential client, `none` for a public one, by default."),
  client_uri: z.string().optional().describe("An http(s) URL, at most 2048 characters."),
  logo_uri: z.string().optional().describe("An http(s) URL, at most 2048 characters."),
});

export const adminOAuthClientUpdateBody = z.object({
  client_name: z.string().optional(),
  redirect_uris: redirectUris.optional(),
  grant_types: grantTypes.optional(),
  token_endpoint_auth_method: authMethod.optional().describe("Within the client's type: `none` for public, a secret method for confidential."),
  client_uri: z.string().optional(),
  logo_uri: z.string().optional(),
});

export const adminOAuthClientOutput = z.object({
  client_id: z.string().describe("A UUID for clients made here; a registered client's own id otherwise."),
  client_secret: z.string().optional().describe("Only in the answers to create and regenerate_secret; stored as its SHA-256."),
  client_type: z.enum(["public", "confidential"]),
  redirect_uris: z.array(z.string()),
  token_endpoint_auth_method: authMethod,
  grant_types: z.array(z.string()),
  response_types: z.array(z.literal("code")),
  client_name: z.string().optional(),
  client_uri: z.string().optional(),
  logo_uri: z.string().optional(),
  registration_type: z.enum(["manual", "dynamic"]).describe("`manual`: made by this API; `dynamic`: registered at `/auth/v1/oauth/register`."),
  created_at: z.string().describe("ISO 8601"),
  updated_at: z.string().describe("ISO 8601"),
});

export const adminOAuthClientListOutput = z.object({ clients: z.array(adminOAuthClientOutput), aud: z.literal("authenticated") });

export const adminOAuthClientQuery = z.object({
  page: z.coerce.number().int().min(1).optional().describe("1 (the default) for the newest clients."),
  per_page: z.coerce.number().int().min(1).max(1000).optional().describe("50 by default, at most 1000."),
});
