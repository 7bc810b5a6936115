/**
 * The OAuth 2.1 authorization server's face (ADR 037, ADR 070): the provider and its endpoints,
 * consent, grants, registered clients (`oauth-clients/`), the tool access tokens it issues.
 * It builds on the identity area's face; the identity core never imports it.
 */
export { hostedAuthorizationServerNotice, oauthMetadata, oauthMetadataFor, oauthMetadataOutput } from "./metadata";
export { oauthServer } from "./oauth-server";
export { OUTAGE_DESCRIPTION } from "./outage-answers";
export { outagePageBody } from "./error-page";
export { type ResourceDirectory } from "./oauth-provider";
export { interactionPath, ISSUER_PATH, OAUTH_PATHS, OAUTH_PREFIX, OAUTH_ROUTES } from "./endpoints";
export { approveInteraction, consentDetails, denyInteraction, interactionClientId, isLapsedInteraction, type ConsentDetails } from "./interactions";
export { userinfo } from "./userinfo";
export { createRegisteredClient, deleteRegisteredClient, listRegisteredClients, rotateRegisteredClientSecret } from "./registered-clients";
export {
  createRegisteredClientInput,
  registeredClientFields,
  registeredClientIdInput,
  registeredClientListInput,
  registeredClientListOutput,
  registeredClientWithSecretOutput,
  type RegisteredClientView,
} from "./oauth-clients/registered-client-schemas";
export { TOOLS_SCOPE, defaultScopeFor } from "./scopes";
export { listAuthorizedApplications, revokeAuthorizedApplication, type AuthorizedApplication } from "./grants";
export { accountNames, authorizationServerIssuer, isToolTokenSessionLive, verifyToolAccessToken } from "./tool-access-tokens";
export { sweepOAuthServerRecords } from "./sweep";
export { devicePollIntervalSeconds } from "./device-responses";
export { ensureMetadataClient, isMetadataClientId, type OutboundFetch } from "./oauth-clients/metadata-documents";
export { clientMetadataProblem } from "./oauth-clients/client-metadata-rules";
export { CLI_CLIENT_ID } from "./oauth-clients/cli-client";
export { cliDeviceApproval, claimCliDeviceGrant } from "./cli-device-approval";
export { adminCreateOAuthClient, adminDeleteOAuthClient, adminGetOAuthClient, adminListOAuthClients, adminRegenerateOAuthClientSecret, adminUpdateOAuthClient } from "./oauth-clients/admin-clients";
export { adminOAuthClientCreateBody, adminOAuthClientInput, adminOAuthClientListOutput, adminOAuthClientOutput, adminOAuthClientQuery, adminOAuthClientUpdateBody } from "./oauth-clients/admin-client-schemas";
export { oauthServerMigrations } from "./migrations";
export {
  approveInteractionFrom,
  authorizationServer,
  codeExchangeBeforeLibraryFrom,
  countClientRegistrationFrom,
  countDeviceCodeEntryFrom,
  devicePollAllowedFrom,
  interactionClientIdFrom,
  introspectJwtFrom,
  refreshBeforeLibraryFrom,
  metadataClientProblemFrom,
  userinfoFrom,
} from "./edge-calls";
export { OAUTH_CLIENTS, OAUTH_SERVER_CODES, OAUTH_SERVER_ERROR_CODES } from "./error-codes";
export { OAUTH_CLIENT_CHANGED_CHANNEL, oauthClientEvictions } from "./oauth-clients/client-cache";
