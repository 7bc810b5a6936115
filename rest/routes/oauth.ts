import { getConfig } from "../../server/platform/config";
import { brokerCallback, firstPartyCallback, firstPartyPick, type CallbackOutcome, SDK_NONCE_PATTERN, takeResult, OAuthStartError, startAuthorize, startBroker, type StartRequest, callbackPath } from "../../server/connections";
import { readCookie } from "../../server/identity";
import { getRuntime } from "../../server/start";
import { isDatabaseUnavailable } from "../../server/platform/db/availability";
import { findAppError, RETRY_AFTER_SECONDS } from "../../server/platform/errors";
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

/** The route table hands `/api/oauth/*`; this splits `<provider>/authorize` and the like. */
export function oauthPath(rest: string): { kind: string; provider: string } | null {
  const parts = rest.split("/");
  if (parts.length === 2 && (parts[1] === "authorize" || parts[1] === "callback")) return { kind: parts[1], provider: decodeSegment(parts[0]!) };
  if (parts.length === 3 && parts[0] === "broker" && (parts[2] === "start" || parts[2] === "callback")) return { kind: `broker-${parts[2]}`, provider: decodeSegment(parts[1]!) };
  return null;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
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

/** What authorize and start read from the navigation. */
async function startRequest(ctx: RequestContext, provider: string): Promise<StartRequest> {
  const resolved = await ctx.resolveSession();
  return { provider, userId: resolved?.user.userId ?? null, preferredTenantId: ctx.preferredTenantId, search: ctx.url.search, clientAddress: ctx.clientAddress };
}

/** GET /api/oauth/{provider}/authorize: SPEC 4.1's checks, in the table's order. */
export async function authorize(ctx: RequestContext, provider: string): Promise<Response> {
  return startAnswer(async () => {
    const next = await startAuthorize(await startRequest(ctx, provider), orm);
    return redirectWithCookies(next.location, next.cookies);
  });
}

/** GET /api/oauth/broker/{provider}/start: SPEC 4.1's broker table, in its order. */
export async function brokerStart(ctx: RequestContext, provider: string): Promise<Response> {
  return startAnswer(async () => {
    const next = await startBroker(await startRequest(ctx, provider), orm);
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
    const message = { type: "svc:oauth:error" as const, code: "service_unavailable", detail: "The service is briefly unavailable. Close this window and try again.", state: null };
    const page = renderPopupPage(message, new URL(getConfig().baseUrl).origin, 503);
    return popupResponse({ ...page, headers: { ...page.headers, "retry-after": String(RETRY_AFTER_SECONDS) } });
  }
}

export async function callback(ctx: RequestContext, provider: string): Promise<Response> {
  return popupOrOutage(async () => firstPartyCallback(await orm(), provider, ctx.url.searchParams, cookieReader(ctx)), provider);
}

/** POST /api/oauth/{provider}/callback: the discovery picker's form. */
export async function pick(ctx: RequestContext, provider: string): Promise<Response> {
  const form = new URLSearchParams(await readTextCapped(ctx.request, 16 * 1024));
  return popupOrOutage(async () => firstPartyPick(await orm(), provider, form, cookieReader(ctx)), provider);
}

export async function brokerCallbackRoute(ctx: RequestContext, provider: string): Promise<Response> {
  return popupOrOutage(async () => brokerCallback(await orm(), provider, ctx.url.searchParams, cookieReader(ctx)), provider);
}

/** GET /api/oauth/{...}: dispatches the four browser navigations of SPEC 4.1. */
export async function oauthGet(ctx: RequestContext): Promise<Response> {
  const path = oauthPath(ctx.params.rest ?? "");
  if (!path) return json({ message: "Not found" }, 404);
  if (path.kind === "authorize") return authorize(ctx, path.provider);
  if (path.kind === "callback") return callback(ctx, path.provider);
  if (path.kind === "broker-start") return brokerStart(ctx, path.provider);
  return brokerCallbackRoute(ctx, path.provider);
}

export async function oauthPost(ctx: RequestContext): Promise<Response> {
  const path = oauthPath(ctx.params.rest ?? "");
  if (!path || path.kind !== "callback") return json({ message: "Not found" }, 404);
  return pick(ctx, path.provider);
}

/**
 * GET /api/oauth/result?sdk_nonce=...: the popup's final message for an SDK that lost its
 * opener; read once. Readable from any origin: the nonce itself is the secret.
 */
export async function oauthResult(ctx: RequestContext): Promise<Response> {
  const cors = { ...NO_STORE, "access-control-allow-origin": "*" };
  const nonce = ctx.url.searchParams.get("sdk_nonce");
  if (!nonce || !SDK_NONCE_PATTERN.test(nonce)) return json({ error: "invalid_sdk_nonce" }, 400, cors);
  const message = await takeResult(await orm(), nonce);
  return message ? json(message, 200, cors) : json({ error: "result_not_found" }, 404, cors);
}

