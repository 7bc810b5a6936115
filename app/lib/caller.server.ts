import { json, redirect } from "@remix-run/node";
import { CROSS_ORIGIN_MESSAGE, isCrossOriginWrite } from "../../rest/cross-origin";
import { RequestContext, type Caller } from "../../rest/request-context";
import { findAppError } from "../../server/platform/errors";
import type { SessionUser } from "../../server/identity";
import { safeRedirectTo } from "./safe-redirect.server";

export type { Caller };

/** The second sign-in page: the code from the authenticator app, or a recovery code. */
export const TWO_STEP_PATH = "/login/two-step";

export interface DashboardRequest {
  caller: Caller;
  user: SessionUser | null;
  /** A session that passed the password but still owes its second factor (ADR 049): it reaches /login/two-step only. */
  pending: SessionUser | null;
  /** Set-Cookie headers to pass on (a refreshed session); empty most of the time. */
  setCookies: string[];
}

/**
 * The tRPC caller for a loader or action, bound to the request's session cookie. Every
 * action comes through here, so this is where a write from another origin is refused
 * (rest/cross-origin.ts), under `npm start` and `remix-serve` alike.
 */
export async function dashboardRequest(request: Request, clientAddress: string | null = null): Promise<DashboardRequest> {
  if (isCrossOriginWrite(request.method, (name) => request.headers.get(name))) {
    throw json({ message: CROSS_ORIGIN_MESSAGE }, 403);
  }
  const ctx = new RequestContext(request, new URL(request.url), {}, undefined, clientAddress);
  try {
    const [resolved, caller] = await Promise.all([ctx.resolveAnySession(), ctx.caller()]);
    const pending = resolved?.user.secondFactor === "pending" ? resolved.user : null;
    return { caller: unavailableAsErrorPage(caller), user: pending ? null : (resolved?.user ?? null), pending, setCookies: ctx.setCookies };
  } catch (error) {
    throw asErrorPage(error);
  }
}

/**
 * A database outage is not a sign-out: a page whose session (or data) cannot be read
 * answers 503 and the error page says so, instead of sending the user to /login.
 */
function asErrorPage(error: unknown): unknown {
  const appError = findAppError(error);
  if (appError?.code !== "SERVICE_UNAVAILABLE") return error;
  return json({ message: appError.message }, { status: 503, headers: appError.headers });
}

/** The caller, with every procedure's 503 turned into that error page (a thrown Response). */
function unavailableAsErrorPage<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      return typeof value === "function" ? unavailableAsErrorPage(value) : value;
    },
    apply(fn, thisArg, args) {
      const result = Reflect.apply(fn as (...a: unknown[]) => unknown, thisArg, args);
      return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(asErrorPage(error))) : result;
    },
  });
}

/**
 * Signed-out visitors go to /login and come back to where they were, or to the page named
 * by a same-origin `redirectTo` they were sent here with (the CLI bootstrap sends signed-out
 * visitors to /dashboard that way, SPEC 4.6 step 3).
 */
export async function requireUser(request: Request): Promise<DashboardRequest & { user: SessionUser }> {
  const dashboard = await dashboardRequest(request);
  if (!dashboard.user) {
    const url = new URL(request.url);
    const back = safeRedirectTo(url.searchParams.get("redirectTo"), url.pathname + url.search);
    const to = dashboard.pending ? TWO_STEP_PATH : "/login";
    throw redirect(`${to}?redirectTo=${encodeURIComponent(back)}`, { headers: sessionHeaders(dashboard) });
  }
  return dashboard as DashboardRequest & { user: SessionUser };
}

/** Headers carrying any refreshed session cookie, for a loader's or action's response. */
export function sessionHeaders(dashboard: DashboardRequest): Headers {
  const headers = new Headers();
  for (const cookie of dashboard.setCookies) headers.append("set-cookie", cookie);
  return headers;
}
