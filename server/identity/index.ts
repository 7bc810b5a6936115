/**
 * The identity area's face: what other areas, the routers, rest/ and app/ may use. The two-step
 * sign-in area and the OAuth server build on it; the core imports neither of them (ADR 070).
 */
export { isAdmin, recordFirstAdmin } from "./admins";
export { recordAccountChange } from "./account-audit";
export { assertKeyLookupsAllowed, countClientRegistration, countDeviceCodeEntry, countKeyFailure, countPasskeySignInAttempt, countMailRequest, countSignInAttempt, countSignUpAttempt, devicePollAllowed, forgiveSignInAttempts } from "./auth-rate-limits";
export { BuiltInIdentityProvider, normalizeEmail } from "./built-in-provider";
export { isSessionLive } from "./session-ending";
export { startUpstreamSession } from "./upstream-sessions";
export { redirectTarget } from "./redirect-target";
export { identityRowsOf } from "./identities";
export { AuthSessionSchema, AuthUserSchema, ServiceAdminSchema } from "./entities";
export type { UserMetadata } from "./entities";
export { InvalidIdentityTokenError, getIdentityTokenVerifier, looksLikeJwt } from "./tokens/identity-tokens";
export { MAIL_SENT_MESSAGE, RESET_LINK_MESSAGES, RESET_LINK_MINUTES, completePasswordReset, inspectResetLink, issueResetLink, mailResetLink } from "./password-reset";
export { identityProvider } from "./provider";
export { IdentityError } from "./provider-types";
export type { IdentityProvider, ProviderUser, TokenResponse } from "./provider-types";
export { adminLinkInput, factorOutput, generateLinkBody, generateLinkOutput, inviteBody } from "./schemas";
export { accessTokenInput, adminUserInput, adminUsersPageInput, adminUserOutput, adminUserBody, adminUsersListOutput, adminUsersQuery, credentialsInput, logoutInput, logoutQuery, identitySessionOutput, identityUserOutput, jwksOutput, gotrueFieldsInput, emptyOutput, recoverBody, otpBody, authorizeQuery, redirectQuery, mailedLinkRedirectQuery, verifyBody, verifyQuery, resendBody, sessionStatusOutput, signupBody, tokenBody, tokenFormBody, tokenInput, tokenQuery, updateUserBody, updateUserInput } from "./schemas";
export type { SessionUser } from "./session-cache";
export { SessionKeyMemo } from "./session-cache";
export { readCookie, readSessionCookie, readSoleCookie, sessionClearCookie, sessionSetCookie } from "./session-cookie";
export { SESSION_REVOKED_CHANNEL, sessionCache } from "./session-revocations";
export { isSessionLiveRecently, liveSessionEvictions } from "./live-sessions";
export { cachedSession, endSession, resolveSession, resolveSessionFrom, sessionFromVerifiedCookie, sessionStatus } from "./sessions";
export type { ResolvedSession } from "./sessions";
export { getSigningKey, publicJwks } from "./tokens/signing-keys";
export { identityTokenKey, knownIdentity, rememberIdentity, verifiedIdentityEvictions } from "./tokens/verified-tokens";
export { confirmEmail } from "./email-confirmation";
export { adminGenerateLink, adminInvite } from "./admin-links";
export { adminCreateUser, adminDeleteUser, adminGetUser, adminListUsers, adminUpdateUser, requireServiceRole } from "./admin-users";
export { recoverByEmail } from "./recover";
export { refuseProviderSignIn } from "./external-providers";
export { followMagicLink, sendSignInMail, verifyOneTimeToken } from "./passwordless";
export { resendConfirmation } from "./resend";
export { ANONYMOUS_REFUSALS, assertPermanentAccount } from "./anonymous-accounts";
export { listSignedInSessions, revokeOtherSignedInSessions, revokeSignedInSession, type SignedInSession } from "./signed-in-sessions";
export { listAccountActivity, type AccountActivityEntry, type AccountActivityPage } from "./devices/account-activity";
export { sessionIdInput, signedInSessionsOutput, signedOutOthersOutput } from "./schemas";
/** What two-step sign-in and the OAuth server build on: tokens, sessions, factors as the user object shows them. */
export { ACCESS_TOKEN_SECONDS, issuer } from "./access-tokens";
export { personActor } from "./account-audit";
export { factorsOf, toProviderFactor, type ProviderFactor } from "./account-factors";
export { AuthUser } from "./entities";
export { MAX_IDENTITY_TOKEN_BYTES } from "./tokens/identity-tokens";
export { hashRefreshToken, newRefreshToken } from "./tokens/refresh-tokens";
export { requireSecondFactorIfEnrolled } from "./second-factor-rule";
export { raiseSessionToAal2 } from "./session-level";
export { publishSessionRevoked } from "./session-revocations";
export { IDENTITY, IDENTITY_CODES, IDENTITY_ERROR_CODES, IDENTITY_REDIRECT } from "./error-codes";
export { identityMigrations } from "./migrations";
export { sessionIsLive } from "./edge-calls";
export { provisionAccount, reactivateManagedAccount, suspendManagedAccount } from "./managed-accounts";
