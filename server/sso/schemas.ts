import { z } from "zod";

/** The tRPC input of the admin SSO API: the bearer (service-role key), the path's id, the body. */
export const ssoAdminInput = z.object({
  serviceKey: z.string(),
  id: z.string().optional(),
  resourceId: z.string().optional(),
  fields: z.unknown().optional(),
});

const attributeMapping = z
  .object({
    keys: z
      .record(
        z.string(),
        z.object({ name: z.string().optional(), names: z.array(z.string()).optional(), default: z.unknown().optional(), array: z.boolean().optional() }),
      )
      .optional(),
    group_roles: z
      .record(z.string(), z.enum(["member", "viewer"]))
      .optional()
      .describe("Ours (ADR 085): a value of the mapped `groups` claim → the workspace role it gives (`member` wins over `viewer`; `owner` is never granted by mapping)."),
  })
  .describe(
    "GoTrue's SAMLAttributeMapping, for OpenID claims too: each claim (`email`, `name`, `groups`, …) from the attribute or claim `name` or one of `names`, else `default`; `array` keeps every value.",
  );

/** `POST` / `PUT /auth/v1/admin/sso/providers` (GoTrue's CreateSSOProviderParams). */
export const ssoProviderBody = z.object({
  type: z.enum(["saml", "oidc"]).describe("`saml` or `oidc` (required on create; an OpenID Connect connection, ADR 085)."),
  metadata_xml: z.string().optional().describe("The IdP's SAML metadata XML; one of `metadata_xml` and `metadata_url`."),
  metadata_url: z.string().optional().describe("An https URL the metadata is fetched from."),
  domains: z.array(z.string()).optional().describe("Email domains whose people sign in through this provider (`signInWithSSO({ domain })`); on `PUT` the list replaces the provider's."),
  attribute_mapping: attributeMapping.optional(),
  name_id_format: z.string().optional().describe("The NameID format asked for (persistent unless set)."),
  resource_id: z.string().optional().describe("An id of the caller's own; `GET …/providers/resource_<id>` finds it."),
  disabled: z.boolean().optional().describe("`true`: sign-ins through it are refused (`sso_provider_disabled`)."),
  issuer: z.string().optional().describe("`oidc`: the issuer URL; its discovery document must name exactly this issuer."),
  client_id: z.string().optional().describe("`oidc`: the client id the company's provider gave this service."),
  client_secret: z.string().optional().describe("`oidc`: its client secret; stored sealed, never answered."),
  default_role: z.enum(["member", "viewer"]).optional().describe("A workspace's provider: the role of a member no group maps (default `member`)."),
});

/** GoTrue's SSOProvider JSON. */
export const ssoProviderOutput = z.object({
  id: z.string(),
  resource_id: z.string().optional(),
  disabled: z.boolean(),
  default_role: z.enum(["member", "viewer"]),
  oidc: z.object({ issuer: z.string(), client_id: z.string(), attribute_mapping: attributeMapping }).optional().describe("An OpenID Connect connection's (ADR 085); the secret is never answered."),
  saml: z.object({
    entity_id: z.string(),
    metadata_xml: z.string().optional().describe("Absent in the list."),
    metadata_url: z.string().optional(),
    attribute_mapping: attributeMapping,
    name_id_format: z.string().optional(),
  }).optional().describe("A SAML provider's."),
  domains: z.array(z.object({ domain: z.string() })),
  tenant_id: z.string().nullable().describe("An extension beside GoTrue's fields: the workspace whose owner added the provider on the dashboard; `null` for one made through this admin API."),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ssoProviderListOutput = z.object({ items: z.array(ssoProviderOutput) });

/** `POST /auth/v1/sso` (auth-js `signInWithSSO`). */
export const ssoStartBody = z.object({
  provider_id: z.string().optional().describe("The provider's id; or `domain`."),
  domain: z.string().optional().describe("An email domain a provider has; or `provider_id`."),
  redirect_to: z.string().optional().describe("Where the browser lands after the IdP (allow-listed as everywhere, else the site URL)."),
  skip_http_redirect: z.boolean().optional().describe("`true` (auth-js): answer `{ url }` instead of a 303."),
  code_challenge: z.string().optional(),
  code_challenge_method: z.enum(["s256", "plain"]).optional(),
});

export const ssoStartOutput = z.object({ url: z.string().describe("The IdP's sign-in URL with the AuthnRequest (HTTP-Redirect binding) and the RelayState.") });

export const ssoMetadataQuery = z.object({ download: z.enum(["true", "false"]).optional().describe("`true`: answered as an attachment `metadata.xml`, valid five years.") });

/** `GET /auth/v1/sso/oidc/callback` (ADR 085): what the company's OpenID provider sends back. */
export const ssoOidcCallbackQuery = z.object({
  code: z.string().optional().describe("The authorization code."),
  state: z.string().optional().describe("The sign-in's state from `POST /auth/v1/sso`."),
  error: z.string().optional().describe("The provider's refusal (`access_denied`, …)."),
  error_description: z.string().optional(),
});
