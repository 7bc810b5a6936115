/**
 * The external sign-in area (issue 31, ADR 075): sign-in with GitHub, Google and a generic
 * OpenID provider (`keycloak`), GoTrue's `/authorize`, `/callback` and `grant_type=pkce`,
 * and the identities they write.
 */
import { githubProvider } from "./github";
import { openIdProvider } from "./openid";
import { registerProvider } from "./providers";

registerProvider("github", githubProvider);
registerProvider("google", (settings) => openIdProvider("google", settings));
registerProvider("keycloak", (settings) => openIdProvider("keycloak", settings));

export { EXTERNAL, EXTERNAL_SIGN_IN_ERROR_CODES } from "./error-codes";
export { externalSignInMigrations } from "./migrations";
export { idTokenProviderOf, signInWithIdToken } from "./id-token-grant";
export { exchangeAuthCode, finishExternalSignIn, startExternalSignIn, type CallbackAnswer } from "./sign-in";
export { externalSettings } from "./settings";
export { callbackQuery, externalAuthorizeInput, externalCallbackInput, settingsOutput } from "./schemas";
export { githubHosts } from "./github";
export { requireManualLinking, unlinkIdentity } from "./linking";
export { linkAuthorizeInput, linkUrlOutput, unlinkInput } from "./linking-schemas";
export { providerLabel, signInMethodsOf, type SignInMethod, type SignInMethods } from "./sign-in-methods";
export { adminCreateCustomProvider, adminDeleteCustomProvider, adminGetCustomProvider, adminListCustomProviders, adminUpdateCustomProvider } from "./custom-providers";
export {
  adminCustomProviderCreateBody,
  adminCustomProviderInput,
  adminCustomProviderListOutput,
  adminCustomProviderOutput,
  adminCustomProviderQuery,
  adminCustomProviderUpdateBody,
} from "./custom-provider-schemas";
// The single sign-on area (server/sso) finds or makes accounts and hands back PKCE codes as this area does.
export { accountForPerson } from "./accounts";
export { createFlowState, issueAuthCode, pkceOf } from "./flow-state";
// OpenID Connect enterprise connections (server/sso, ADR 085) discover, verify and exchange as this area does.
export { discoveryOf } from "./custom-provider-discovery";
export { discoveredIssuer } from "./openid";
export { verifyIdToken, IdTokenError } from "./id-token";
export { upstreamJson, upstreamTimeoutMs, UpstreamError } from "./http";
