import { randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { IdentityError, redirectTarget, startUpstreamSession, type TokenResponse } from "../identity";
import { getConfig } from "../platform/config";
import { log } from "../platform/log";
import { accountForPerson } from "./accounts";
import { EXTERNAL } from "./error-codes";
import { claimFlowState, createFlowState, dropFlowState, issueAuthCode, pkceOf, takeAuthCode, type FlowState, type LinkingTarget } from "./flow-state";
import { linkIdentityToAccount } from "./linking";
import { UpstreamError } from "./http";
import { providerNamed } from "./provider-lookup";
import { flowStateIdOf, signState } from "./state-token";

/**
 * GoTrue's external sign-in (internal/api/external.go, ADR 075): `/authorize` writes a flow
 * state and sends the browser to the provider with a signed `state`; the callback claims the
 * state once, exchanges the code, reads the person, finds or makes the account, and sends
 * the browser back to `redirect_to` with a PKCE `code` or the session in the fragment.
 */
export interface AuthorizeRequest {
  provider: string;
  redirectTo: string | null;
  scopes: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
}

/** Where `/authorize` sends the browser: the provider's authorization endpoint. With `link`, the identity joins that account (manual linking, linking.ts). */
export async function startExternalSignIn(em: EntityManager, request: AuthorizeRequest, link?: LinkingTarget): Promise<string> {
  const enabled = await providerNamed(em, request.provider);
  const pkce = pkceOf(request.codeChallenge, request.codeChallengeMethod);
  const nonce = randomBytes(16).toString("base64url");
  const redirectTo = redirectTarget(request.redirectTo);
  const location = async (state: string) =>
    enabled.provider.authorizationUrl({ state, scopes: request.scopes ?? "", nonce, redirectUri: enabled.settings.redirectUri }).catch((error: unknown) => {
      throw upstreamFailure(error, "Error getting provider's authorization URL");
    });
  const id = await createFlowState(em, { provider: enabled.provider.name, redirectTo, ...pkce, nonce, ...(link ? { link } : {}) });
  return location(await signState(id, enabled.provider.name));
}

/** Where the callback sends the browser, and with which status (GoTrue: 303 to the site URL for a bad state, 302 otherwise). */
export interface CallbackAnswer {
  status: 302 | 303;
  location: string;
}

export async function finishExternalSignIn(em: EntityManager, params: Record<string, string>): Promise<CallbackAnswer> {
  let flow: FlowState;
  try {
    flow = await claimedFlow(em, params.state);
  } catch (error) {
    return { status: 303, location: withError(getConfig().baseUrl, error, false) };
  }
  try {
    return { status: 302, location: await finish(em, flow, params) };
  } catch (error) {
    if (!flow.code_challenge) await dropFlowState(em, flow.id).catch(() => undefined);
    return { status: 302, location: withError(flow.redirect_to, error, true) };
  }
}

async function claimedFlow(em: EntityManager, state: string | undefined): Promise<FlowState> {
  if (!state) throw new IdentityError(EXTERNAL.BAD_OAUTH_CALLBACK, "OAuth state parameter missing");
  const id = await flowStateIdOf(state);
  if (!id) throw new IdentityError(EXTERNAL.BAD_OAUTH_STATE, "OAuth state parameter is invalid");
  return claimFlowState(em, id);
}

async function finish(em: EntityManager, flow: FlowState, params: Record<string, string>): Promise<string> {
  // The provider's own refusal (the person said no, or it failed) comes back as GoTrue passes it on.
  if (params.error) throw new UpstreamRefusal(params.error, params.error_description ?? "");
  if (!params.code) throw new IdentityError(EXTERNAL.BAD_OAUTH_CALLBACK, "OAuth callback with missing authorization code missing");
  const enabled = await providerNamed(em, flow.provider);
  const tokens = await enabled.provider.exchange(params.code, enabled.settings.redirectUri).catch((error: unknown) => {
    throw upstreamFailure(error, `Unable to exchange external code: ${params.code!.slice(0, 4)}`);
  });
  const person = await enabled.provider.person(tokens, flow.nonce ?? "").catch((error: unknown) => {
    throw upstreamFailure(error, "Error getting user profile from external provider");
  });
  const userId = flow.linking_target_id
    ? await linkIdentityToAccount(em, flow.linking_target_id, flow.provider, person)
    : (await accountForPerson(em, flow.provider, person, { emailOptional: enabled.settings.emailOptional })).userId;
  if (!flow.opens_session) {
    // The dashboard's own link: back to the profile page, signed in as before.
    await dropFlowState(em, flow.id);
    return flow.redirect_to;
  }
  if (flow.code_challenge) {
    const code = await issueAuthCode(em, flow.id, userId, tokens);
    const url = new URL(flow.redirect_to);
    url.searchParams.set("code", code);
    return url.href;
  }
  const session = await startUpstreamSession(em, userId, flow.provider);
  await dropFlowState(em, flow.id);
  return withSession(flow.redirect_to, session, tokens);
}

/** GoTrue's `AsRedirectURL`: the session in the fragment, the provider's tokens beside it. */
function withSession(redirectTo: string, session: TokenResponse, tokens: { accessToken: string; refreshToken?: string }): string {
  const fragment = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    provider_token: tokens.accessToken,
    ...(tokens.refreshToken ? { provider_refresh_token: tokens.refreshToken } : {}),
    refresh_token: session.refresh_token,
    token_type: "bearer",
  });
  const url = new URL(redirectTo);
  url.hash = fragment.toString();
  return url.href;
}

/** The provider's `error` and `error_description`, passed on as GoTrue's OAuthError (no `error_code`). */
class UpstreamRefusal extends Error {
  constructor(readonly error: string, readonly description: string) {
    super(description);
  }
}

function upstreamFailure(error: unknown, message: string): IdentityError {
  if (error instanceof IdentityError) return error;
  log.warn("external sign-in: the provider failed", { reason: error instanceof UpstreamError ? error.message : String(error) });
  return new IdentityError(EXTERNAL.UPSTREAM_FAILURE, message);
}

/** GoTrue's oauthErrorMap, from the status to the OAuth `error`. */
const OAUTH_ERRORS: Record<number, string> = { 400: "invalid_request", 401: "unauthorized_client", 403: "access_denied", 500: "server_error", 503: "temporarily_unavailable" };

/** GoTrue's redirectErrors / getErrorQueryString: the query carries the error; for `redirect_to` the fragment too. */
function withError(target: string, error: unknown, fragment: boolean): string {
  const url = new URL(target);
  const fields = new URLSearchParams();
  if (error instanceof UpstreamRefusal) {
    fields.set("error", error.error.slice(0, 100));
    if (error.description) fields.set("error_description", error.description.slice(0, 500));
  } else if (error instanceof IdentityError) {
    const accessDenied = error.errorCode === "provider_email_needs_verification";
    fields.set("error", accessDenied ? "access_denied" : (OAUTH_ERRORS[error.status] ?? OAUTH_ERRORS[500]!));
    fields.set("error_description", error.message);
    fields.set("error_code", error.errorCode);
  } else {
    log.error("external sign-in failed", { err: error });
    fields.set("error", OAUTH_ERRORS[500]!);
    fields.set("error_description", "Internal server error");
  }
  for (const [key, value] of fields) url.searchParams.set(key, value);
  if (fragment) {
    const hash = new URLSearchParams(fields);
    hash.set("sb", "");
    url.hash = hash.toString();
  }
  return url.href;
}

/** `POST /auth/v1/token?grant_type=pkce` (auth-js `exchangeCodeForSession`): the session, with the provider's tokens. */
export async function exchangeAuthCode(em: EntityManager, authCode: unknown, codeVerifier: unknown): Promise<TokenResponse & { provider_token?: string; provider_refresh_token?: string }> {
  const flow = await takeAuthCode(em, authCode, codeVerifier);
  const session = await startUpstreamSession(em, flow.user_id, flow.provider);
  return {
    ...session,
    ...(flow.provider_access_token ? { provider_token: flow.provider_access_token } : {}),
    ...(flow.provider_refresh_token ? { provider_refresh_token: flow.provider_refresh_token } : {}),
  };
}
