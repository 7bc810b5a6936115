/** The identity area's face: what other areas, the routers, rest/ and app/ may use. */
export { isAdmin, recordFirstAdmin } from "./admins";
export { assertKeyLookupsAllowed, countKeyFailure, countSignInAttempt, countSignUpAttempt, forgiveSignInAttempts } from "./auth-rate-limits";
export { BuiltInIdentityProvider } from "./built-in-provider";
export { AuthSessionSchema, AuthUserSchema, ServiceAdminSchema } from "./entities";
export type { UserMetadata } from "./entities";
export { InvalidIdentityTokenError, getIdentityTokenVerifier, looksLikeJwt } from "./identity-tokens";
export { MAIL_SENT_MESSAGE, RESET_LINK_MESSAGES, RESET_LINK_MINUTES, completePasswordReset, inspectResetLink, issueResetLink, mailResetLink } from "./password-reset";
export { identityProvider } from "./provider";
export { IdentityError } from "./provider-types";
export type { ProviderUser, TokenResponse } from "./provider-types";
export { accessTokenInput, credentialsInput, identitySessionOutput, identityUserOutput, jwksOutput, sessionStatusOutput, signupBody, tokenBody, tokenInput, tokenQuery, updateUserBody, updateUserInput } from "./schemas";
export type { SessionUser } from "./session-cache";
export { SESSION_COOKIE, readCookie, sessionClearCookie, sessionSetCookie } from "./session-cookie";
export { SESSION_REVOKED_CHANNEL, sessionCache } from "./session-revocations";
export { cachedSession, endSession, resolveSession, sessionFromVerifiedCookie, sessionStatus } from "./sessions";
export type { ResolvedSession } from "./sessions";
export { getSigningKey, publicJwks } from "./signing-keys";
export { identityTokenKey, knownIdentity, rememberIdentity, verifiedIdentityEvictions } from "./verified-tokens";
