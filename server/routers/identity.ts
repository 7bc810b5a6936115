import { IDENTITY } from "../identity";
import { z } from "zod";
import { getConfig } from "../platform/config";
import { IdentityError, type IdentityProvider, type TokenResponse, countSignInAttempt, countSignUpAttempt, forgiveSignInAttempts, BuiltInIdentityProvider, identityProvider, isAdmin, recordFirstAdmin, endSession, sessionStatus, publicJwks, accessTokenInput, credentialsInput, logoutInput, tokenInput, updateUserInput } from "../identity";
import { adminCreateUser, adminDeleteUser, adminGetUser, adminListUsers, adminUpdateUser, adminUserInput, adminUsersPageInput, requireServiceRole } from "../identity";
import { adminGenerateLink, adminInvite, adminLinkInput } from "../identity";
import { revokeAppSessionsOf } from "../deployments";
import { confirmEmail, countMailRequest, countSignInAttempt as countCodeAttempt, followMagicLink, gotrueFieldsInput, recoverByEmail, resendConfirmation, sendSignInMail, verifyOneTimeToken } from "../identity";
import { countPasskeySignInAttempt } from "../identity";
import { factorInput, mfaApi, passkeyApi, passkeyInput } from "../two-step";
import { exchangeAuthCode, idTokenProviderOf, signInWithIdToken, externalAuthorizeInput, externalCallbackInput, externalSettings, finishExternalSignIn, startExternalSignIn } from "../external-sign-in";
import type { Context } from "./context";
import { BROWSER, authedProcedure, publicProcedure, router } from "./trpc";

/**
 * A password sign-in under the brute-force limits: the attempt is counted before any hash
 * is computed, and a success forgives the account's earlier attempts (the built-in provider
 * counts with its account read and forgives with its session, ADR 093).
 */
async function limitedSignIn(ctx: Context, email: string, provider: IdentityProvider, password: string): Promise<TokenResponse> {
  if (provider.signInWithPasswordUnderLimits) return provider.signInWithPasswordUnderLimits(email, password, ctx.clientAddress);
  await countSignInAttempt(ctx.em, email, ctx.clientAddress);
  const tokens = await provider.signInWithPassword(email, password);
  await forgiveSignInAttempts(ctx.em, email);
  return tokens;
}

const factorRequest = (ctx: Context, input: { accessToken: string }) => ({ accessToken: input.accessToken, clientAddress: ctx.clientAddress });

/** The built-in provider's GoTrue-compatible surface (served at /auth/v1). */

/** The issuer GoTrue names when `signInWithIdToken` asks for a provider that is off. */
const KNOWN_ISSUERS: Record<string, string> = { google: "https://accounts.google.com", apple: "https://appleid.apple.com", facebook: "https://www.facebook.com", kakao: "https://kauth.kakao.com" };
function idTokenIssuer(input: { provider?: unknown; issuer?: unknown }): string {
  const named = typeof input.provider === "string" ? input.provider : typeof input.issuer === "string" ? input.issuer : "";
  return (KNOWN_ISSUERS[named] ?? named).slice(0, 200);
}

export const identityProviderRouter = router({
  signup: publicProcedure.input(credentialsInput).mutation(async ({ ctx, input }) => {
    // GoTrue: a sign-up with neither email nor phone is an anonymous sign-in.
    const anonymous = input.email === "" && (input.phone === undefined || input.phone === "");
    if (anonymous && !getConfig().ANONYMOUS_SIGN_IN) throw new IdentityError(IDENTITY.ANONYMOUS_PROVIDER_DISABLED, "Anonymous sign-ins are disabled");
    await countSignUpAttempt(ctx.em, ctx.clientAddress);
    if (anonymous) return new BuiltInIdentityProvider(ctx.em).signInAnonymously(input.data);
    if (typeof input.phone === "string" && input.phone !== "") throw new IdentityError(IDENTITY.PHONE_PROVIDER_DISABLED, "Phone signups are disabled");
    const tokens = await new BuiltInIdentityProvider(ctx.em).signUp(input.email, input.password, input.data, input.redirectTo);
    // An address still to confirm becomes the administrator at its first sign-in instead.
    if ("access_token" in tokens) await recordFirstAdmin(ctx.em, tokens.user);
    return tokens;
  }),
  token: publicProcedure.input(tokenInput).mutation(async ({ ctx, input }) => {
    const provider = new BuiltInIdentityProvider(ctx.em);
    if (input.grantType === "password") {
      const email = typeof input.email === "string" ? input.email : "";
      return limitedSignIn(ctx, email, provider, typeof input.password === "string" ? input.password : "");
    }
    if (input.grantType === "refresh_token") return provider.refresh(String(input.refresh_token ?? ""));
    // auth-js exchangeCodeForSession after a sign-in through an upstream provider (ADR 075).
    if (input.grantType === "pkce") return exchangeAuthCode(ctx.em, input.auth_code, input.code_verifier);
    // Sign-ins through someone else's identity: GoTrue's answers for a provider that is off.
    if (input.grantType === "web3") throw new IdentityError(IDENTITY.WEB3_PROVIDER_DISABLED, "Web3 provider is disabled");
    // auth-js signInWithIdToken with an ID token of Google, the `keycloak` issuer or a custom OpenID provider (ADR 075).
    const idTokenProvider = input.grantType === "id_token" ? await idTokenProviderOf(ctx.em, input) : null;
    if (idTokenProvider) return signInWithIdToken(ctx.em, input, idTokenProvider);
    if (input.grantType === "id_token") throw new IdentityError(IDENTITY.ID_TOKEN_PROVIDER_DISABLED, `Provider (issuer ${JSON.stringify(idTokenIssuer(input))}) is not enabled`);
    throw new IdentityError(IDENTITY.UNSUPPORTED_GRANT_TYPE, "Unsupported grant_type; use password or refresh_token");
  }),
  user: publicProcedure.input(accessTokenInput).query(({ ctx, input }) => new BuiltInIdentityProvider(ctx.em).getUser(input.accessToken)),
  updateUser: publicProcedure
    .input(updateUserInput)
    .mutation(({ ctx, input }) => new BuiltInIdentityProvider(ctx.em).changeAccount(input.accessToken, input)),
  logout: publicProcedure.input(logoutInput).mutation(({ ctx, input }) => {
    const scope = input.scope ?? "global";
    if (scope !== "global" && scope !== "local" && scope !== "others") {
      throw new IdentityError(IDENTITY.VALIDATION_FAILED, `Unsupported logout scope "${scope}"`);
    }
    return new BuiltInIdentityProvider(ctx.em).logout(input.accessToken, scope);
  }),
  jwks: publicProcedure.query(() => publicJwks()),
  /** Sign-in through an upstream provider (GoTrue's /authorize, /callback, /settings; ADR 075). */
  externalAuthorize: publicProcedure.input(externalAuthorizeInput).mutation(({ ctx, input }) => startExternalSignIn(ctx.em, input)),
  externalCallback: publicProcedure.input(externalCallbackInput).mutation(({ ctx, input }) => finishExternalSignIn(ctx.em, input.params)),
  settings: publicProcedure.query(() => externalSettings()),
  otp: publicProcedure.input(gotrueFieldsInput.extend({ redirectTo: z.string().nullable() })).mutation(async ({ ctx, input }) => {
    await countMailRequest(ctx.em, ctx.clientAddress);
    return sendSignInMail(ctx.em, input.fields, input.redirectTo);
  }),
  /** A six-digit code is guessable: its tries count as password attempts on the address. */
  verify: publicProcedure.input(gotrueFieldsInput).mutation(async ({ ctx, input }) => {
    if (typeof input.fields.token === "string" && input.fields.token !== "") {
      await countCodeAttempt(ctx.em, typeof input.fields.email === "string" ? input.fields.email : "", ctx.clientAddress);
    }
    return verifyOneTimeToken(ctx.em, input.fields);
  }),
  followLink: publicProcedure
    .input(z.object({ token: z.string(), type: z.string(), redirectTo: z.string().nullable() }))
    .mutation(({ ctx, input }) => followMagicLink(ctx.em, input)),
  resend: publicProcedure.input(gotrueFieldsInput).mutation(async ({ ctx, input }) => {
    await countMailRequest(ctx.em, ctx.clientAddress);
    return resendConfirmation(ctx.em, input.fields);
  }),
  /** Two-step sign-in (GoTrue's `/factors`, auth-js's `mfa`): the area checks the bearer and its session's level. */
  factorEnroll: publicProcedure.input(factorInput).mutation(({ ctx, input }) => mfaApi.enroll(ctx.em, factorRequest(ctx, input), input.fields)),
  factorChallenge: publicProcedure.input(factorInput).mutation(({ ctx, input }) => mfaApi.challenge(ctx.em, factorRequest(ctx, input), input.factorId, input.fields)),
  factorVerify: publicProcedure.input(factorInput).mutation(({ ctx, input }) => mfaApi.verify(ctx.em, factorRequest(ctx, input), input.factorId, input.fields)),
  factorUnenroll: publicProcedure.input(factorInput).mutation(({ ctx, input }) => mfaApi.unenroll(ctx.em, factorRequest(ctx, input), input.factorId)),
  recoveryCodesStatus: publicProcedure.input(factorInput).query(({ ctx, input }) => mfaApi.recoveryStatus(ctx.em, factorRequest(ctx, input))),
  recoveryCodesGenerate: publicProcedure.input(factorInput).mutation(({ ctx, input }) => mfaApi.recoveryGenerate(ctx.em, factorRequest(ctx, input), input.fields)),
  recoveryCodesRegenerate: publicProcedure.input(factorInput).mutation(({ ctx, input }) => mfaApi.recoveryRegenerate(ctx.em, factorRequest(ctx, input))),
  recoveryCodesDelete: publicProcedure.input(factorInput).mutation(({ ctx, input }) => mfaApi.recoveryDelete(ctx.em, factorRequest(ctx, input))),
  recoveryCodeVerify: publicProcedure.input(factorInput).mutation(({ ctx, input }) => mfaApi.recoveryVerify(ctx.em, factorRequest(ctx, input), input.fields)),
  /** Passkeys (GoTrue's `/passkeys`, auth-js's `passkey`): the area checks the bearer, its level and the ceremony. */
  passkeyRegistrationOptions: publicProcedure.input(passkeyInput).mutation(({ ctx, input }) => passkeyApi.registrationOptions(ctx.em, input)),
  passkeyRegistrationVerify: publicProcedure.input(passkeyInput).mutation(({ ctx, input }) => passkeyApi.registrationVerify(ctx.em, input)),
  passkeyAuthenticationOptions: publicProcedure.mutation(async ({ ctx }) => {
    await countPasskeySignInAttempt(ctx.em, ctx.clientAddress);
    return passkeyApi.authenticationOptions(ctx.em);
  }),
  passkeyAuthenticationVerify: publicProcedure.input(passkeyInput).mutation(({ ctx, input }) => passkeyApi.authenticationVerify(ctx.em, input)),
  passkeyList: publicProcedure.input(passkeyInput).query(({ ctx, input }) => passkeyApi.list(ctx.em, input)),
  passkeyRename: publicProcedure.input(passkeyInput).mutation(({ ctx, input }) => passkeyApi.rename(ctx.em, input)),
  passkeyDelete: publicProcedure.input(passkeyInput).mutation(({ ctx, input }) => passkeyApi.remove(ctx.em, input)),
  adminPasskeyList: publicProcedure.input(passkeyInput).query(({ ctx, input }) => passkeyApi.adminList(ctx.em, input)),
  adminPasskeyDelete: publicProcedure.input(passkeyInput).mutation(({ ctx, input }) => passkeyApi.adminRemove(ctx.em, input)),
  reauthenticate: publicProcedure.input(accessTokenInput).mutation(({ ctx, input }) => new BuiltInIdentityProvider(ctx.em).reauthenticate(input.accessToken)),
  recover: publicProcedure.input(gotrueFieldsInput.extend({ redirectTo: z.string().nullable().optional() })).mutation(async ({ ctx, input }) => {
    await countMailRequest(ctx.em, ctx.clientAddress);
    return recoverByEmail(ctx.em, input.fields.email, input.redirectTo);
  }),
  adminCreateUser: publicProcedure.input(adminUserInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminCreateUser(ctx.em, input.fields);
  }),
  adminListUsers: publicProcedure.input(adminUsersPageInput).query(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminListUsers(ctx.em, input.page, input.perPage);
  }),
  adminGetUser: publicProcedure.input(adminUserInput).query(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminGetUser(ctx.em, input.id ?? "");
  }),
  adminUpdateUser: publicProcedure.input(adminUserInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminUpdateUser(ctx.em, input.id ?? "", input.fields);
  }),
  adminDeleteUser: publicProcedure.input(adminUserInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminDeleteUser(ctx.em, input.id ?? "");
  }),
  adminGenerateLink: publicProcedure.input(adminLinkInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminGenerateLink(ctx.em, input.fields, input.redirectTo);
  }),
  adminInvite: publicProcedure.input(adminLinkInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminInvite(ctx.em, input.fields, input.redirectTo);
  }),
});

/** The dashboard session: sign-up, sign-in and sign-out through whichever provider is configured. */
export const authRouter = router({
  me: publicProcedure.meta(BROWSER).query(({ ctx }) => sessionStatus(ctx.session)),
  signUp: publicProcedure.input(credentialsInput).mutation(async ({ ctx, input }) => {
    await countSignUpAttempt(ctx.em, ctx.clientAddress);
    const tokens = await identityProvider(ctx.em).signUp(input.email, input.password);
    if ("access_token" in tokens) await recordFirstAdmin(ctx.em, tokens.user);
    return tokens;
  }),
  signIn: publicProcedure.input(credentialsInput).mutation(async ({ ctx, input }) => {
    const tokens = await limitedSignIn(ctx, input.email, identityProvider(ctx.em), input.password);
    await recordFirstAdmin(ctx.em, tokens.user);
    return tokens;
  }),
  /** The dashboard's "Continue with GitHub" (ADR 078): the PKCE code exchanged, the first administrator recorded as after a password. */
  signInUpstream: publicProcedure.input(z.object({ authCode: z.string().max(200), codeVerifier: z.string().max(200) })).mutation(async ({ ctx, input }) => {
    const tokens = await exchangeAuthCode(ctx.em, input.authCode, input.codeVerifier);
    await recordFirstAdmin(ctx.em, tokens.user);
    return tokens;
  }),
  signOut: publicProcedure
    .input(z.object({ cookie: z.string().optional() }))
    .mutation(async ({ ctx, input }) => {
      const { hostedSessionId } = await endSession(input.cookie, ctx.em);
      // A hosted provider tells nobody: end the tool sessions opened from this one here.
      if (hostedSessionId) await revokeAppSessionsOf(ctx.em, hostedSessionId);
    }),
  isAdmin: authedProcedure.query(({ ctx }) => isAdmin(ctx.em, ctx.session)),
  /** The mailed confirmation link's page (docs/decisions/034). */
  confirmEmail: publicProcedure.input(z.object({ token: z.string().max(200) })).mutation(({ ctx, input }) => confirmEmail(ctx.em, input.token)),
});
