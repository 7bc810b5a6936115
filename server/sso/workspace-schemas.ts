import { z } from "zod";
import { isoTimeOutput, uuidOutput } from "../platform/validation/output";

/**
 * A workspace owner's own identity providers (issue 32 item 3, ADR 086): the dashboard's and
 * `/api/tenants/me/sso/providers`' shapes, in the workspace API's camelCase (the service
 * administrator keeps GoTrue's snake_case admin API over the same rows).
 */
export const PROVIDER_NOT_FOUND_MESSAGE = "Identity provider not found";
const OWNER_BY_MAPPING = "A mapping never gives the owner role: choose member or viewer";
const mappedRole = z.string().refine((role) => role !== "owner", OWNER_BY_MAPPING).pipe(z.enum(["member", "viewer"], { error: "A role must be member or viewer" }));
const attributeName = z.string().trim().max(200, "An attribute name must be at most 200 characters");

const mappingFields = {
  displayNameAttribute: attributeName.nullable().optional().describe("The SAML attribute or OpenID claim holding the person's display name; empty: none."),
  groupsAttribute: attributeName.nullable().optional().describe("The SAML attribute or OpenID claim listing the person's groups; empty: none."),
  groupRoles: z
    .record(z.string().trim().min(1).max(200), mappedRole)
    .refine((map) => Object.keys(map).length <= 100, "At most 100 group mappings")
    .optional()
    .describe("A group's role in the workspace (`member` or `viewer`; never `owner`). The highest mapped role of the person's groups wins."),
  defaultRole: mappedRole.optional().describe("The role of a person none of whose groups is mapped (`member` unless set)."),
  domains: z.array(z.string().max(253)).max(50).optional().describe("Email domains whose people sign in through this provider: each must be a domain the workspace has verified."),
};

export const workspaceProviderCreateInput = z.object({
  type: z.enum(["saml", "oidc"], { error: "type must be saml or oidc" }),
  metadataXml: z.string().max(512 * 1024, "SAML metadata must be at most 512 KB").optional().describe("SAML: the identity provider's metadata XML (uploaded); or `metadataUrl`."),
  metadataUrl: z.string().max(2000).optional().describe("SAML: an https URL the metadata is fetched from."),
  issuer: z.string().max(2000).optional().describe("OpenID: the issuer URL (https), whose discovery document names the endpoints."),
  clientId: z.string().max(500).optional().describe("OpenID: the client id the identity provider gave this service."),
  clientSecret: z.string().max(2000).optional().describe("OpenID: the client secret; stored sealed, never answered."),
  ...mappingFields,
});
export type WorkspaceProviderCreate = z.infer<typeof workspaceProviderCreateInput>;

export const workspaceProviderUpdateFields = z.object({
  metadataXml: workspaceProviderCreateInput.shape.metadataXml,
  metadataUrl: workspaceProviderCreateInput.shape.metadataUrl,
  clientSecret: workspaceProviderCreateInput.shape.clientSecret,
  disabled: z.boolean().optional().describe("`true`: sign-ins through it are refused."),
  ...mappingFields,
});
export type WorkspaceProviderUpdate = z.infer<typeof workspaceProviderUpdateFields>;

export const providerIdInput = z.object({ providerId: z.uuid({ error: PROVIDER_NOT_FOUND_MESSAGE }) });
export const workspaceProviderUpdateInput = providerIdInput.extend(workspaceProviderUpdateFields.shape);

export const workspaceProviderOutput = z.object({
  id: uuidOutput,
  type: z.enum(["saml", "oidc"]),
  disabled: z.boolean(),
  entityId: z.string().nullable().describe("SAML: the identity provider's entity ID, from its metadata."),
  metadataUrl: z.string().nullable(),
  issuer: z.string().nullable().describe("OpenID: the issuer."),
  clientId: z.string().nullable(),
  domains: z.array(z.string()),
  displayNameAttribute: z.string().nullable(),
  groupsAttribute: z.string().nullable(),
  groupRoles: z.record(z.string(), z.enum(["member", "viewer"])),
  defaultRole: z.enum(["member", "viewer"]),
  createdAt: isoTimeOutput,
  updatedAt: isoTimeOutput,
});
export type WorkspaceProviderView = z.infer<typeof workspaceProviderOutput>;
export const workspaceProviderListOutput = z.object({ providers: z.array(workspaceProviderOutput) });

/** What an owner pastes into the identity provider. */
export const serviceProviderInfoOutput = z.object({
  entityId: z.string().describe("SAML: our entity ID (also the metadata URL)."),
  acsUrl: z.string().describe("SAML: the assertion consumer service URL (HTTP-POST)."),
  metadataUrl: z.string().describe("SAML: our service-provider metadata."),
  oidcRedirectUri: z.string().describe("OpenID: the redirect URI to register."),
});

export const ssoRuleInput = z.object({ required: z.boolean() });
export const ssoRuleOutput = z.object({ required: z.boolean().describe("People on the workspace's verified domains must sign in through its single sign-on (owners exempt, ADR 086).") });

export const testReportOutput = z.object({
  report: z
    .object({
      ok: z.boolean(),
      at: isoTimeOutput,
      subject: z.string().nullable(),
      email: z.string().nullable(),
      attributes: z.record(z.string(), z.unknown()),
      error: z.string().nullable(),
      /** What a real sign-in would give (ADR 086): absent from reports written before they were kept. */
      mappedName: z.string().nullable().optional().describe("The display name a real sign-in would set."),
      mappedRole: z.enum(["member", "viewer"]).optional().describe("The role a real sign-in would give a new member (an owner's role is never mapped)."),
    })
    .nullable(),
});
export type TestReport = NonNullable<z.infer<typeof testReportOutput>["report"]>;
export const testStartOutput = z.object({ url: z.string().describe("Open it in the browser: the identity provider's sign-in, in test mode.") });
