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
  })
  .describe("GoTrue's SAMLAttributeMapping: each claim (`email`, `name`, …) from the attribute `name` or one of `names`, else `default`; `array` keeps every value.");

/** `POST` / `PUT /auth/v1/admin/sso/providers` (GoTrue's CreateSSOProviderParams). */
export const ssoProviderBody = z.object({
  type: z.literal("saml").describe("`saml` (required on create)."),
  metadata_xml: z.string().optional().describe("The IdP's SAML metadata XML; one of `metadata_xml` and `metadata_url`."),
  metadata_url: z.string().optional().describe("An https URL the metadata is fetched from."),
  domains: z.array(z.string()).optional().describe("Email domains whose people sign in through this provider (`signInWithSSO({ domain })`); on `PUT` the list replaces the provider's."),
  attribute_mapping: attributeMapping.optional(),
  name_id_format: z.string().optional().describe("The NameID format asked for (persistent unless set)."),
  resource_id: z.string().optional().describe("An id of the caller's own; `GET …/providers/resource_<id>` finds it."),
  disabled: z.boolean().optional().describe("`true`: sign-ins through it are refused (`sso_provider_disabled`)."),
});

/** GoTrue's SSOProvider JSON. */
export const ssoProviderOutput = z.object({
  id: z.string(),
  resource_id: z.string().optional(),
  disabled: z.boolean(),
  saml: z.object({
    entity_id: z.string(),
    metadata_xml: z.string().optional().describe("Absent in the list."),
    metadata_url: z.string().optional(),
    attribute_mapping: attributeMapping,
    name_id_format: z.string().optional(),
  }),
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
