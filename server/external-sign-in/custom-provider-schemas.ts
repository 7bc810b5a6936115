import { z } from "zod";

/**
 * The shapes of GoTrue's admin custom provider API: raw fields in (checked by
 * custom-provider-fields.ts with GoTrue's messages) and what auth-js's `CustomOAuthProvider`
 * says comes back, for the OpenAPI document.
 */
export const adminCustomProviderInput = z.object({
  serviceKey: z.string(),
  identifier: z.string().optional(),
  type: z.string().optional(),
  fields: z.unknown().optional(),
});

const common = {
  name: z.string().describe("1 to 100 characters; what sign-in pages may show."),
  client_id: z.string(),
  client_secret: z.string().describe("Sealed in the table; never answered back."),
  acceptable_client_ids: z.array(z.string()).optional().describe("Other audiences an ID token may name (mobile apps)."),
  scopes: z.array(z.string()).optional().describe("Sent to the provider; `openid` is added for an `oidc` provider."),
  pkce_enabled: z.boolean().optional().describe("`true` by default."),
  attribute_mapping: z.record(z.string(), z.unknown()).optional().describe("Account field ← userinfo field (a string) or a literal value; `id`, `role`, `email_verified`, `app_metadata` and other system fields refused."),
  custom_claims_allowlist: z.array(z.string()).optional().describe("Userinfo fields copied as they are into `identity_data.custom_claims`."),
  authorization_params: z.record(z.string(), z.string()).optional().describe("Extra query parameters for the provider's authorization URL; `client_id`, `redirect_uri`, `state`, `nonce` and PKCE's refused."),
  enabled: z.boolean().optional().describe("`true` by default; a disabled provider is refused at `/authorize`."),
  email_optional: z.boolean().optional(),
  issuer: z.string().optional().describe("`oidc`: the issuer (https); its discovery document is fetched and checked before anything is stored."),
  discovery_url: z.string().optional().describe("`oidc`: where the discovery document is, when not under the issuer."),
  skip_nonce_check: z.boolean().optional(),
  authorization_url: z.string().optional().describe("`oauth2`: required, https."),
  token_url: z.string().optional().describe("`oauth2`: required, https."),
  userinfo_url: z.string().optional().describe("`oauth2`: required, https."),
  jwks_uri: z.string().optional(),
};

export const adminCustomProviderCreateBody = z.object({
  provider_type: z.enum(["oauth2", "oidc"]),
  identifier: z.string().describe("`custom:` then lowercase letters, digits, `:` or `-` (2 to 50 characters in all); how `/authorize?provider=` names it."),
  ...common,
});

export const adminCustomProviderUpdateBody = z.object(Object.fromEntries(Object.entries(common).map(([key, schema]) => [key, schema.optional()])) as { [K in keyof typeof common]: z.ZodOptional<(typeof common)[K]> });

export const adminCustomProviderOutput = z.object({
  id: z.string(),
  provider_type: z.enum(["oauth2", "oidc"]),
  identifier: z.string(),
  name: z.string(),
  client_id: z.string(),
  acceptable_client_ids: z.array(z.string()),
  scopes: z.array(z.string()),
  pkce_enabled: z.boolean(),
  attribute_mapping: z.record(z.string(), z.unknown()),
  custom_claims_allowlist: z.array(z.string()),
  authorization_params: z.record(z.string(), z.string()),
  enabled: z.boolean(),
  email_optional: z.boolean(),
  issuer: z.string().optional(),
  discovery_url: z.string().optional(),
  skip_nonce_check: z.boolean(),
  discovery_document: z.record(z.string(), z.unknown()).optional().describe("`oidc`: the discovery document fetched when it was stored."),
  authorization_url: z.string().optional(),
  token_url: z.string().optional(),
  userinfo_url: z.string().optional(),
  jwks_uri: z.string().optional(),
  created_at: z.string().describe("ISO 8601"),
  updated_at: z.string().describe("ISO 8601"),
});

export const adminCustomProviderListOutput = z.object({ providers: z.array(adminCustomProviderOutput) });

export const adminCustomProviderQuery = z.object({ type: z.enum(["oauth2", "oidc"]).optional().describe("Only providers of this type.") });
