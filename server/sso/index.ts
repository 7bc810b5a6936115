/**
 * The single sign-on area (issue 32, ADR 079): SAML 2.0 sign-in through a company's identity
 * provider with GoTrue's API (`/auth/v1/sso`, `/auth/v1/sso/saml/metadata`, `/auth/v1/sso/saml/acs`,
 * `/auth/v1/admin/sso/providers`). Tables hold OpenID connections too; a later round signs in with them.
 */
export { SSO, SSO_ERROR_CODES } from "./error-codes";
export { ssoMigrations } from "./migrations";
export { adminCreateSsoProvider, adminDeleteSsoProvider, adminGetSsoProvider, adminListSsoProviders } from "./providers";
export { adminUpdateSsoProvider } from "./providers";
export { finishSso, requireSamlEnabled, startSso } from "./sign-in";
export { serviceProviderMetadata, serviceProviderUrls } from "./service-provider";
export { ssoAdminInput, ssoProviderBody, ssoProviderListOutput, ssoProviderOutput, ssoStartBody, ssoStartOutput, ssoMetadataQuery } from "./schemas";
export { createWorkspaceProvider, deleteWorkspaceProvider, getWorkspaceProvider, listWorkspaceProviders, updateWorkspaceProvider } from "./workspace-providers";
export { readConnectionTest, startConnectionTest } from "./connection-test";
export { WORKSPACE_SSO_CODES } from "./error-codes";
export {
  PROVIDER_NOT_FOUND_MESSAGE,
  providerIdInput,
  serviceProviderInfoOutput,
  ssoRuleInput,
  ssoRuleOutput,
  testReportOutput,
  testStartOutput,
  workspaceProviderCreateInput,
  workspaceProviderListOutput,
  workspaceProviderOutput,
  workspaceProviderUpdateFields,
  workspaceProviderUpdateInput,
  type TestReport,
  type WorkspaceProviderView,
} from "./workspace-schemas";
