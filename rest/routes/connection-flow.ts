import { getConfig } from "../../server/platform/config";
import { type CallbackOutcome, callbackPath, finishBroker, finishFirstParty, finishFirstPartyPick, isDocumentNavigation, keepFlowResult, OAuthStartError, SDK_NONCE_PATTERN, startConnection, startFailurePopup, type StartRequest, takeFlowResult } from "../../server/connections";
import { readCookie } from "../../server/identity";
import { getRuntime } from "../../server/start";
import { isDatabaseUnavailable } from "../../server/platform/db/availability";
import { findAppError, RETRY_AFTER_SECONDS } from "../../server/platform/errors";
import { OAUTH_CALLBACK, OAUTH_START } from "../../server/connections";
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
  return (await getRuntime()).orm;
}

/**
 * Answers an OAuthStartError: SPEC 4.1's `{ error, detail? }` for programs; for a browser
 * navigation (ADR 034) a signed-out person is sent to sign in and back here, and any other
 * refusal is a readable page that posts `svc:oauth:error` to the opener, so a popup never
 * ends on raw JSON and its opener never waits. Anything else goes to the general mapping.
 */
async function startAnswer(ctx: RequestContext, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof OAuthStartError)) throw error;
    if (!isDocumentNavigation((name) => ctx.header(name))) return startError(error.status, error.code, error.detail);
    if (error.code === OAUTH_START.UNAUTHORIZED.code) return redirectWithCookies(`/login?redirectTo=${encodeURIComponent(ctx.url.pathname + ctx.url.search)}`);
    const failure = startFailurePopup(ctx.url.search, error);
    // Kept for an SDK cut off from its popup; a failed store must not turn the page into a 500.
    if (failure.sdkNonce) await keepFlowResult(await orm(), failure.sdkNonce, failure.message).catch(() => undefined);
    return popupResponse(renderPopupPage(failure.message, failure.targetOrigin, error.status));
  }
}

/** What authorize and start read from the navigation. */
async function startRequest(ctx: RequestContext, provider: string): Promise<StartRequest> {
  const resolved = await ctx.resolveSession();
  return {
    provider,
    userId: resolved?.user.userId ?? null,
    preferredTenantId: ctx.preferredTenantId,
    search: ctx.url.search,
    clientAddress: ctx.clientAddress,
    secondFactor: resolved?.user.secondFactor ?? "none",
    email: resolved?.user.email ?? "",
    sessionId: resolved?.user.sessionId ?? null,
  };
}

/** GET /api/oauth/{provider}/authorize: SPEC 4.1's checks, in the table's order. */
export async function authorize(ctx: RequestContext): Promise<Response> {
  const provider = providerParam(ctx);
  return startAnswer(ctx, async () => {
    const next = await startConnection(await orm(), await startRequest(ctx, provider), "provider");
    return redirectWithCookies(next.location, next.cookies);
  });
}

/** GET /api/oauth/broker/{provider}/start: SPEC 4.1's broker table, in its order. */
export async function brokerStart(ctx: RequestContext): Promise<Response> {
  const provider = providerParam(ctx);
  return startAnswer(ctx, async () => {
    const next = await startConnection(await orm(), await startRequest(ctx, provider), "broker");
    return redirectWithCookies(next.location, next.cookies);
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
  return popupOrOutage(async () => finishFirstParty(await orm(), provider, ctx.url.searchParams, cookieReader(ctx)), provider);
}

/** POST /api/oauth/{provider}/callback: the discovery picker's form. */
export async function pick(ctx: RequestContext): Promise<Response> {
  const provider = providerParam(ctx);
  const form = new URLSearchParams(await readTextCapped(ctx.request, 16 * 1024));
  return popupOrOutage(async () => finishFirstPartyPick(await orm(), provider, form, cookieReader(ctx)), provider);
}

/** GET /api/oauth/broker/{provider}/callback: the broker's redirect back. */
export async function brokerCallbackRoute(ctx: RequestContext): Promise<Response> {
  const provider = providerParam(ctx);
  return popupOrOutage(async () => finishBroker(await orm(), provider, ctx.url.searchParams, cookieReader(ctx)), provider);
}

/**
 * GET /api/oauth/result?sdk_nonce=...: the popup's final message for an SDK that lost its
 * opener; read once. Readable from any origin: the nonce itself is the secret. No message
 * (yet) is 200 `{ status: "pending" }`, not an error: an SDK cut off from its popup asks
 * every 1.5 s and a page must not log a failed request each time (ADR 034).
 */
export async function connectionFlowResult(ctx: RequestContext): Promise<Response> {
  const cors = { ...NO_STORE, "access-control-allow-origin": "*" };
  const nonce = ctx.url.searchParams.get("sdk_nonce");
  if (!nonce || !SDK_NONCE_PATTERN.test(nonce)) return json({ error: OAUTH_START.INVALID_SDK_NONCE.code }, OAUTH_START.INVALID_SDK_NONCE.status, cors);
  const message = await takeFlowResult(await orm(), nonce);
  return json(message ?? { status: "pending" }, 200, cors);
}

