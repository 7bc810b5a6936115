import { redirect } from "@remix-run/node";
import { RequestContext, type Caller } from "../../rest/request-context";
import type { SessionUser } from "../../server/identity/session-cache";
import { safeRedirectTo } from "./safe-redirect";

export type { Caller };

export interface DashboardRequest {
  caller: Caller;
  user: SessionUser | null;
  /** Set-Cookie headers to pass on (a refreshed session); empty most of the time. */
  setCookies: string[];
}

/** The tRPC caller for a loader or action, bound to the request's session cookie. */
export async function dashboardRequest(request: Request): Promise<DashboardRequest> {
  const ctx = new RequestContext(request, new URL(request.url), {});
  const [resolved, caller] = await Promise.all([ctx.resolveSession(), ctx.caller()]);
  return { caller, user: resolved?.user ?? null, setCookies: ctx.setCookies };
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
    throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  }
  return dashboard as DashboardRequest & { user: SessionUser };
}

/** Headers carrying any refreshed session cookie, for a loader's or action's response. */
export function sessionHeaders(dashboard: DashboardRequest): Headers {
  const headers = new Headers();
  for (const cookie of dashboard.setCookies) headers.append("set-cookie", cookie);
  return headers;
}
