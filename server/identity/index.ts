/** The identity area's face: what other areas, the routers, rest/ and app/ may use. */
export { isAdmin, recordFirstAdmin } from "./admins";
export { recordAccountChange } from "./account-audit";
export { assertKeyLookupsAllowed, countClientRegistration, countDeviceCodeEntry, countKeyFailure, countPasskeySignInAttempt, countMailRequest, countSignInAttempt, countSignUpAttempt, devicePollAllowed, forgiveSignInAttempts } from "./auth-rate-limits";
export { BuiltInIdentityProvider, isSessionLive } from "./built-in-provider";
export { AuthSessionSchema, AuthUserSchema, ServiceAdminSchema } from "./entities";
export type { UserMetadata } from "./entities";
export { InvalidIdentityTokenError, getIdentityTokenVerifier, looksLikeJwt } from "./identity-tokens";
export { MAIL_SENT_MESSAGE, RESET_LINK_MESSAGES, RESET_LINK_MINUTES, completePasswordReset, inspectResetLink, issueResetLink, mailResetLink } from "./password-reset";
export { identityProvider } from "./provider";
export { IdentityError } from "./provider-types";
export type { ProviderUser, TokenResponse } from "./provider-types";
export { adminLinkInput, generateLinkBody, generateLinkOutput, inviteBody } from "./schemas";
export { accessTokenInput, adminUserInput, adminUsersPageInput, adminUserOutput, adminUserBody, adminUsersListOutput, adminUsersQuery, credentialsInput, logoutInput, logoutQuery, identitySessionOutput, identityUserOutput, jwksOutput, gotrueFieldsInput, emptyOutput, recoverBody, otpBody, authorizeQuery, redirectQuery, verifyBody, verifyQuery, resendBody, sessionStatusOutput, signupBody, tokenBody, tokenFormBody, tokenInput, tokenQuery, updateUserBody, updateUserInput } from "./schemas";
export type { SessionUser } from "./session-cache";
export { HOST_SESSION_COOKIE, SESSION_COOKIE, readCookie, readSessionCookie, readSoleCookie, sessionClearCookie, sessionCookieName, sessionSetCookie } from "./session-cookie";
export { SESSION_REVOKED_CHANNEL, sessionCache } from "./session-revocations";
export { cachedSession, endSession, resolveSession, sessionFromVerifiedCookie, sessionStatus } from "./sessions";
export type { ResolvedSession } from "./sessions";
export { getSigningKey, publicJwks } from "./signing-keys";
export { identityTokenKey, knownIdentity, rememberIdentity, verifiedIdentityEvictions } from "./verified-tokens";
export { confirmEmail, type ConfirmationResult, type PendingSignUp } from "./email-confirmation";
export { adminGenerateLink, adminInvite, type GeneratedLink } from "./admin-links";
export { MAX_PER_PAGE, adminCreateUser, adminDeleteUser, adminGetUser, adminListUsers, adminUpdateUser, requireServiceRole, type AdminUserFields } from "./admin-users";
export { hostedAuthorizationServerNotice, oauthMetadata, oauthMetadataOutput, type OAuthMetadata } from "./oauth/metadata";
export { oauthServer } from "./oauth/oauth-server";
export { OAUTH_PREFIX, type ResourceDirectory } from "./oauth/oauth-provider";
export { approveInteraction, consentDetails, denyInteraction, interactionClientId, isLapsedInteraction, type ConsentDetails } from "./oauth/interactions";
export { userinfo } from "./oauth/userinfo";
export { createRegisteredClient, deleteRegisteredClient, listRegisteredClients, rotateRegisteredClientSecret } from "./oauth/registered-clients";
export {
  createRegisteredClientInput,
  registeredClientFields,
  registeredClientIdInput,
  registeredClientListInput,
  registeredClientListOutput,
  registeredClientOutput,
  registeredClientWithSecretOutput,
  type RegisteredClientView,
} from "./oauth/registered-client-schemas";
export { defaultScopeFor } from "./oauth/scopes";
export { listAuthorizedApplications, revokeAuthorizedApplication, revokeOAuthGrant, type AuthorizedApplication } from "./oauth/grants";
export { TOOLS_SCOPE, accountNames, authorizationServerIssuer, isToolTokenSessionLive, verifyToolAccessToken } from "./tool-access-tokens";
export type { ToolAccessClaims } from "./tool-access-tokens";
export { recoverByEmail } from "./recover";
export { refuseProviderSignIn } from "./external-providers";
export { followMagicLink, sendSignInMail, verifyOneTimeToken } from "./passwordless";
export { resendConfirmation } from "./resend";
export { sweepOAuthServerRecords } from "./oauth/sweep";
export { devicePollIntervalSeconds } from "./oauth/device-responses";
export { ensureMetadataClient, isMetadataClientId, type OutboundFetch } from "./oauth/metadata-documents";
export { clientMetadataProblem } from "./oauth/client-metadata-rules";
export { ANONYMOUS_REFUSALS, assertPermanentAccount, type AnonymousRefusal } from "./anonymous-accounts";
export { listSignedInSessions, revokeOtherSignedInSessions, revokeSignedInSession, SESSION_NOT_FOUND_MESSAGE, type SignedInSession } from "./devices/signed-in-sessions";
export { describeUserAgent } from "./devices/user-agent";
export { listAccountActivity, type AccountActivityEntry, type AccountActivityPage } from "./devices/account-activity";
export { NEW_SIGN_IN_SUBJECT } from "./devices/new-sign-in-mail";
export { sessionIdInput, signedInSessionOutput, signedInSessionsOutput, signedOutOthersOutput } from "./schemas";
export { mfaApi, type FactorRequest } from "./mfa/mfa-api";
export { canonicalRecoveryCode } from "./mfa/recovery-codes";
export { challengeFactorBody, challengeOutput, enrollFactorBody, enrollFactorOutput, factorIdOutput, factorInput, generateRecoveryCodesBody, recoveryCodeBody, recoveryCodesOutput, recoveryCodesStatusOutput, verifyFactorBody } from "./schemas";
export { CLI_CLIENT_ID } from "./oauth/cli-client";
export { cliDeviceApproval, claimCliDeviceGrant, type CliDeviceApproval } from "./oauth/cli-device-approval";
export { adminCreateOAuthClient, adminDeleteOAuthClient, adminGetOAuthClient, adminListOAuthClients, adminRegenerateOAuthClientSecret, adminUpdateOAuthClient } from "./oauth/admin-clients";
export { adminFactorInput, adminFactorOutput, adminFactorsOutput, adminOAuthClientCreateBody, adminOAuthClientInput, adminOAuthClientListOutput, adminOAuthClientOutput, adminOAuthClientQuery, adminOAuthClientUpdateBody } from "./oauth/admin-client-schemas";
export { adminDeleteFactor, adminListFactors } from "./mfa/admin-factors";
export { passkeyApi, type PasskeyRequest } from "./passkeys/passkey-api";
export type { PasskeyListItem } from "./passkeys/passkey-rows";
export {
  passkeyAuthenticationOptionsOutput,
  passkeyInput,
  passkeyListItemOutput,
  passkeyListOutput,
  passkeyMetadataOutput,
  passkeyRegistrationOptionsOutput,
  passkeyRenameBody,
  passkeyVerifyBody,
} from "./passkeys/schemas";
export { IDENTITY, IDENTITY_CODES, IDENTITY_ERROR_CODES, IDENTITY_REDIRECT } from "./error-codes";
export { identityMigrations } from "./migrations";
