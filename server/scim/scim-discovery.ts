import { getConfig } from "../platform/config";
import { GROUP_SCHEMA, LIST_SCHEMA, USER_SCHEMA } from "./scim-schemas";
import { MAX_RESULTS } from "./scim-paging";
import { scimBaseUrl } from "./scim-locations";

/**
 * RFC 7644 section 4 and RFC 7643 sections 5-7: what this service provider supports, said
 * plainly so a directory asks for nothing else. No ETags, no bulk, no sorting, no password
 * changes; filters are `eq` on the attributes scim-filter.ts lists.
 */
export function serviceProviderConfig(): Record<string, unknown> {
  return {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
    documentationUri: `${getConfig().baseUrl}/docs/api`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      { type: "oauthbearertoken", name: "SCIM token", description: "A workspace's `svc_scim_` token, made by its owner, as `Authorization: Bearer`.", primary: true },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${scimBaseUrl()}/ServiceProviderConfig` },
  };
}

const RESOURCE_TYPES = [
  { id: "User", name: "User", endpoint: "/Users", description: "A person of the workspace", schema: USER_SCHEMA },
  { id: "Group", name: "Group", endpoint: "/Groups", description: "A directory group; its owner may give it a role", schema: GROUP_SCHEMA },
];

export function resourceTypes(): Array<Record<string, unknown>> {
  return RESOURCE_TYPES.map((type) => ({
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
    ...type,
    schemaExtensions: [],
    meta: { resourceType: "ResourceType", location: `${scimBaseUrl()}/ResourceTypes/${type.id}` },
  }));
}

type Attribute = Record<string, unknown>;
const attribute = (name: string, extra: Partial<Attribute> = {}): Attribute => ({
  name,
  type: "string",
  multiValued: false,
  description: "",
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

export function schemas(): Array<Record<string, unknown>> {
  return [
    {
      id: USER_SCHEMA,
      name: "User",
      description: "A person of the workspace",
      attributes: [
        attribute("userName", { required: true, uniqueness: "server", description: "Unique in the workspace, case-insensitively" }),
        attribute("externalId", { caseExact: true, description: "The directory's own id" }),
        attribute("name", {
          type: "complex",
          subAttributes: [attribute("givenName"), attribute("familyName"), attribute("formatted", { mutability: "readOnly" })],
        }),
        attribute("displayName"),
        attribute("emails", {
          type: "complex",
          multiValued: true,
          description: "The primary (else the first) names the account",
          subAttributes: [attribute("value"), attribute("type"), attribute("primary", { type: "boolean" })],
        }),
        attribute("active", { type: "boolean", description: "false suspends the person in the workspace" }),
        attribute("groups", { type: "complex", multiValued: true, mutability: "readOnly", subAttributes: [attribute("value", { mutability: "readOnly" }), attribute("display", { mutability: "readOnly" })] }),
      ],
      meta: { resourceType: "Schema", location: `${scimBaseUrl()}/Schemas/${USER_SCHEMA}` },
    },
    {
      id: GROUP_SCHEMA,
      name: "Group",
      description: "A directory group",
      attributes: [
        attribute("displayName", { required: true, uniqueness: "server" }),
        attribute("externalId", { caseExact: true }),
        attribute("members", { type: "complex", multiValued: true, subAttributes: [attribute("value", { mutability: "immutable" }), attribute("display", { mutability: "readOnly" })] }),
      ],
      meta: { resourceType: "Schema", location: `${scimBaseUrl()}/Schemas/${GROUP_SCHEMA}` },
    },
  ];
}

/** RFC 7644 section 3.4.2: a list of resources. */
export function listResponse(total: number, startIndex: number, resources: unknown[]): Record<string, unknown> {
  return { schemas: [LIST_SCHEMA], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}
