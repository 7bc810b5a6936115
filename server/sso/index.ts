/**
 * The single sign-on area (issue 32, ADR 079): SAML 2.0 sign-in through a company's identity
 * provider with GoTrue's API (`/auth/v1/sso`, `/auth/v1/sso/saml/metadata`, `/auth/v1/sso/saml/acs`,
 * `/auth/v1/admin/sso/providers`). OpenID Connect connections (ADR 085) sign in behind the same `/auth/v1/sso`, their callback
 * `/auth/v1/sso/oidc/callback`; both map attributes and groups to a name and a workspace role.
 */
export { SSO, SSO_ERROR_CODES } from "./error-codes";
export { countSsoRequest } from "./address-limits";
export { ssoMigrations } from "./migrations";
export { adminCreateSsoProvider, adminDeleteSsoProvider, adminGetSsoProvider, adminListSsoProviders } from "./providers";
export { adminUpdateSsoProvider } from "./providers";
export { finishSso, requireSamlEnabled, startSso } from "./sign-in";
export { finishOidcSso, oidcCallbackUrl } from "./oidc-sign-in";
export { serviceProviderMetadata, serviceProviderUrls } from "./service-provider";
export { ssoAdminInput, ssoProviderBody, ssoProviderListOutput, ssoProviderOutput, ssoStartBody, ssoStartOutput, ssoMetadataQuery, ssoOidcCallbackQuery } from "./schemas";
export { providerForEmail, startSsoForEmail } from "./home-realm";
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
