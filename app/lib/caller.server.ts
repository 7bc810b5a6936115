import { redirect } from "@remix-run/node";
import { RequestContext, type Caller } from "../../rest/request-context";
import type { SessionUser } from "../../server/identity/session-cache";

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

/** Signed-out visitors go to /login and come back to where they were. */
export async function requireUser(request: Request): Promise<DashboardRequest & { user: SessionUser }> {
  const dashboard = await dashboardRequest(request);
  if (!dashboard.user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return dashboard as DashboardRequest & { user: SessionUser };
}

/** Headers carrying any refreshed session cookie, for a loader's or action's response. */
export function sessionHeaders(dashboard: DashboardRequest): Headers {
  const headers = new Headers();
  for (const cookie of dashboard.setCookies) headers.append("set-cookie", cookie);
  return headers;
}
