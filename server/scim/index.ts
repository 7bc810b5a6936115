/** The SCIM provisioning area's face (issue 32, ADR 080): workspace SCIM tokens and the `/scim/v2` service provider. */
export { createScimToken, listScimTokens, revokeScimToken } from "./scim-tokens";
export { listGroupRoles, setGroupRole } from "./scim-groups";
export { SCIM_CONTENT_TYPE, serveScim, type ScimAnswer, type ScimRequest } from "./scim-api";
export { ScimError, invalidSyntax } from "./scim-error";
export { SCIM_TOKEN_PREFIX } from "./scim-token-format";
export { scimBaseUrl } from "./scim-locations";
export { scimGroupListOutput, scimGroupRoleInput, scimGroupRoleOutput, scimTokenCreatedOutput, scimTokenIdInput, scimTokenListOutput } from "./schemas";
export { scimMigrations } from "./migrations";
