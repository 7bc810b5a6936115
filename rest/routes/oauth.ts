import { getConfig, oauthClientCredentials } from "../../server/platform/config";
import { currentKeyId, Integration, usesBroker, BrokerError, linkConnectedAccount, brokerCallback, firstPartyCallback, firstPartyPick, type CallbackOutcome, authorizationRequest, SDK_NONCE_PATTERN, takeResult, checkStartInputs, OAuthStartError, startingTenant, type StartInputs, callbackPath, newNonce, STATE_TTL_MS, stateSetCookies, type OAuthState } from "../../server/connections";
import { readCookie } from "../../server/identity";
import { getRuntime } from "../../server/start";
import { isDatabaseUnavailable } from "../../server/platform/db/availability";
import { findAppError, RETRY_AFTER_SECONDS } from "../../server/platform/errors";
import { OAUTH_CALLBACK, OAUTH_START } from "../../server/platform/error-codes";
import { readTextCapped } from "../body";
import { popupResponse, renderPickerPage, renderPopupPage } from "../oauth-popup-page";
import type { RequestContext } from "../request-context";
import { json } from "../responses";

const NO_STORE = { "cache-control": "no-store" };
const startError = (status: number, error: string, detail?: string) => json(detail === undefined ? { error } : { error, detail }, status, NO_STORE);

function redirectWithCookies(location: string, cookies: string[] = []): Response {
  const response = new Response(null, { status: 302, headers: { location, ...NO_STORE, "referrer-policy": "no-referrer" } });
  for (const cookie of cookies) response.headers.append("set-cookie", cookie);
  return response;
}

/** The `{provider}` of the path; malformed percent-encoding names no provider (""). */
function providerParam(ctx: RequestContext): string {
  try {
    return decodeURIComponent(ctx.params.provider ?? "");
  } catch {
    return "";
  }
}

async function orm() {
  return (await getRuntime()).orm.em.fork();
}

/** Answers an OAuthStartError in SPEC 4.1's shape; anything else goes to the general mapping. */
async function startAnswer(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OAuthStartError) return startError(error.status, error.code, error.detail);
    throw error;
  }
}

function newState(user: { userId: string }, tenantId: string, provider: string, flow: OAuthState["flow"], inputs: StartInputs, extra: Partial<OAuthState>): OAuthState {
  return {
    nonce: newNonce(),
    userId: user.userId,
    tenantId,
    provider,
    flow,
    openerOrigin: inputs.openerOrigin,
    returnTo: inputs.returnTo,
    callerState: inputs.callerState,
    embed: inputs.embed,
    appId: inputs.appId,
    codeVerifier: null,
    authConfigId: null,
    sdkNonce: inputs.sdkNonce,
    expiresAt: Date.now() + STATE_TTL_MS,
    ...extra,
  };
}

function requireEncryptionKey(): void {
  try {
    currentKeyId();
  } catch {
    throw new OAuthStartError(OAUTH_START.ENCRYPTION_KEY_UNAVAILABLE);
  }
}

/** GET /api/oauth/{provider}/authorize: SPEC 4.1's checks, in the table's order. */
export async function authorize(ctx: RequestContext): Promise<Response> {
  const provider = providerParam(ctx);
  return startAnswer(async () => {
    const resolved = await ctx.resolveSession();
    if (!resolved) throw new OAuthStartError(OAUTH_START.UNAUTHORIZED);
    const em = await orm();
    const tenant = await startingTenant(em, resolved.user.userId, ctx.preferredTenantId);
    const integration = await em.findOne(Integration, { slug: provider });
    if (!integration) throw new OAuthStartError(OAUTH_START.PROVIDER_UNKNOWN);
    if (usesBroker(integration.oauthClientConfig)) {
      return redirectWithCookies(`/api/oauth/broker/${encodeURIComponent(provider)}/start${ctx.url.search}`);
    }
    if (provider !== getConfig().FIRST_PARTY_PROVIDER) throw new OAuthStartError(OAUTH_START.PROVIDER_UNKNOWN);
    const config = integration.oauthClientConfig;
    if (!config.authorize_url || !config.token_url) throw new OAuthStartError(OAUTH_START.OAUTH_CLIENT_CONFIG_MISSING);
    requireEncryptionKey();
    const credentials = oauthClientCredentials(provider);
    if (!credentials.clientId) throw new OAuthStartError(OAUTH_START.CLIENT_ID_MISSING, undefined, `${credentials.clientIdVariable} missing`);
    const inputs = await checkStartInputs(em, ctx.url.searchParams, tenant.tenantId, ctx.clientAddress);
    const state = newState(resolved.user, tenant.tenantId, provider, "first_party", inputs, {});
    const request = await authorizationRequest(provider, config, state.nonce);
    state.codeVerifier = request.codeVerifier;
    return redirectWithCookies(request.url, stateSetCookies(state));
  });
}

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
};

/** GET /api/oauth/broker/{provider}/start: SPEC 4.1's broker table, in its order. */
export async function brokerStart(ctx: RequestContext): Promise<Response> {
  const provider = providerParam(ctx);
  return startAnswer(async () => {
    const resolved = await ctx.resolveSession();
    if (!resolved) throw new OAuthStartError(OAUTH_START.UNAUTHORIZED);
    const em = await orm();
    const integration = await em.findOne(Integration, { slug: provider });
    if (!integration || !usesBroker(integration.oauthClientConfig)) throw new OAuthStartError(OAUTH_START.PROVIDER_UNKNOWN);
    const tenant = await startingTenant(em, resolved.user.userId, ctx.preferredTenantId);
    const authConfigId = integration.oauthClientConfig.broker?.auth_config_id;
    if (typeof authConfigId !== "string" || !authConfigId) throw new OAuthStartError(OAUTH_START.BROKER_AUTH_CONFIG_MISSING);
    requireEncryptionKey();
    const inputs = await checkStartInputs(em, ctx.url.searchParams, tenant.tenantId, ctx.clientAddress);
    if (inputs.embed && ctx.url.searchParams.get("internal") !== "1") {
      return redirectWithCookies(`/connections/connect/${encodeURIComponent(provider)}${ctx.url.search}`);
    }
    const state = newState(resolved.user, tenant.tenantId, provider, "broker", inputs, { authConfigId });
    const callbackUrl = `${getConfig().baseUrl}${callbackPath("broker", provider)}?cstate=${state.nonce}`;
    let link;
    try {
      link = await linkConnectedAccount({ authConfigId, userId: tenant.tenantId, callbackUrl });
    } catch (error) {
      throw new OAuthStartError(OAUTH_START.BROKER_INITIATE_FAILED, error instanceof BrokerError ? error.message : "broker request failed");
    }
    if (!link.redirectUrl || !isWebUrl(link.redirectUrl)) throw new OAuthStartError(OAUTH_START.BROKER_NO_REDIRECT_URL);
    return redirectWithCookies(link.redirectUrl, stateSetCookies(state));
  });
}

function render(outcome: CallbackOutcome, provider: string): Response {
  if (outcome.kind === "picker") {
    return popupResponse(renderPickerPage({ action: callbackPath("first_party", provider), nonce: outcome.nonce, providerName: outcome.providerName, items: outcome.items }));
  }
  if (outcome.kind === "done") return popupResponse(renderPopupPage(outcome.message, outcome.targetOrigin, 200, outcome.providerName), outcome.clearCookies);
  return popupResponse(renderPopupPage(outcome.message, outcome.targetOrigin, outcome.status), outcome.clearCookies);
}

const cookieReader = (ctx: RequestContext) => (name: string) => readCookie(ctx.header("cookie"), name);

/**
 * A popup must always get a page that posts something, or the SDK waits for nothing: when
 * the database is unreachable mid-callback the page posts `service_unavailable` (503, as
 * everywhere else in an outage: ADR 007) to our own origin; other faults go the usual way.
 */
async function popupOrOutage(run: () => Promise<CallbackOutcome>, provider: string): Promise<Response> {
  try {
    return render(await run(), provider);
  } catch (error) {
    if (!isDatabaseUnavailable(error) && findAppError(error)?.code !== "SERVICE_UNAVAILABLE") throw error;
    const message = { type: "svc:oauth:error" as const, code: OAUTH_CALLBACK.SERVICE_UNAVAILABLE.code, detail: "The service is briefly unavailable. Close this window and try again.", state: null };
    const page = renderPopupPage(message, new URL(getConfig().baseUrl).origin, OAUTH_CALLBACK.SERVICE_UNAVAILABLE.status);
    return popupResponse({ ...page, headers: { ...page.headers, "retry-after": String(RETRY_AFTER_SECONDS) } });
  }
}

/** GET /api/oauth/{provider}/callback: the first-party provider's redirect back. */
export async function callback(ctx: RequestContext): Promise<Response> {
  const provider = providerParam(ctx);
  return popupOrOutage(async () => firstPartyCallback(await orm(), provider, ctx.url.searchParams, cookieReader(ctx)), provider);
}

/** POST /api/oauth/{provider}/callback: the discovery picker's form. */
export async function pick(ctx: RequestContext): Promise<Response> {
  const provider = providerParam(ctx);
  const form = new URLSearchParams(await readTextCapped(ctx.request, 16 * 1024));
  return popupOrOutage(async () => firstPartyPick(await orm(), provider, form, cookieReader(ctx)), provider);
}

/** GET /api/oauth/broker/{provider}/callback: the broker's redirect back. */
export async function brokerCallbackRoute(ctx: RequestContext): Promise<Response> {
  const provider = providerParam(ctx);
  return popupOrOutage(async () => brokerCallback(await orm(), provider, ctx.url.searchParams, cookieReader(ctx)), provider);
}

/**
 * GET /api/oauth/result?sdk_nonce=...: the popup's final message for an SDK that lost its
 * opener; read once. Readable from any origin: the nonce itself is the secret.
 */
export async function oauthResult(ctx: RequestContext): Promise<Response> {
  const cors = { ...NO_STORE, "access-control-allow-origin": "*" };
  const nonce = ctx.url.searchParams.get("sdk_nonce");
  if (!nonce || !SDK_NONCE_PATTERN.test(nonce)) return json({ error: OAUTH_START.INVALID_SDK_NONCE.code }, OAUTH_START.INVALID_SDK_NONCE.status, cors);
  const message = await takeResult(await orm(), nonce);
  return message ? json(message, 200, cors) : json({ error: OAUTH_START.RESULT_NOT_FOUND.code }, OAUTH_START.RESULT_NOT_FOUND.status, cors);
}

