import { getConfig } from "../../server/platform/config";
import { assertionJwks, mintToolCode, toolVisitFor } from "../../server/deployments";
import { SSO_REQUIRED_MESSAGE } from "../../server/members";
import { getRuntime } from "../../server/start";
import { sameOriginPath } from "../../server/platform/security/same-origin-path";
import { escapeHtml, htmlPage } from "../html-page";
import type { RequestContext } from "../request-context";
import { json, redirect } from "../responses";

/**
 * GET /apps/authorize?host=<tool host>&return=<path>: the dashboard half of the app-proxy
 * handshake. Signed out: sign in and come back. A member (any role) of the tool's workspace
 * gets a one-time code bound to that host and is sent to `{tool}/.svc/callback`.
 */
export async function authorizeApp(ctx: RequestContext): Promise<Response> {
  const resolved = await ctx.resolveSession();
  if (!resolved) return redirect(`/login?redirectTo=${encodeURIComponent(ctx.url.pathname + ctx.url.search)}`, { "cache-control": "no-store" });
  const { orm } = await getRuntime();
  const visit = await toolVisitFor(orm, ctx.url.searchParams.get("host") ?? "", resolved.user);
  if (visit.kind === "no-tool") return htmlPage(404, "No such tool", "There is no deployed tool at this address.");
  const { target } = visit;
  // A way back: the dashboard, or sign out and sign in again (as someone else, or through SSO), then on to this tool.
  const back = escapeHtml(ctx.url.pathname + ctx.url.search);
  const signOut = (label: string) => `<form method="post" action="/logout"><input type="hidden" name="redirectTo" value="${back}"><button type="submit">${label}</button></form>`;
  if (visit.kind === "not-member") {
    const actions = `<a class="primary" href="/dashboard">Go to the dashboard</a>${signOut("Sign in as someone else")}`;
    return htmlPage(403, "Not a member", `You are signed in as ${resolved.user.email}, who is not a member of the workspace that runs ${target.name}. Ask its owner for an invitation.`, {}, actions);
  }
  // The workspace requires single sign-on of this person's domain (ADR 086): the rule's sentence, and a way to sign in again.
  if (visit.kind === "sso-required") return htmlPage(403, "Single sign-on required", SSO_REQUIRED_MESSAGE, {}, signOut("Sign out"));
  // The workspace requires two-step sign-in and this session has not passed it: set it up first (ADR 049).
  if (visit.kind === "two-step-required") {
    return redirect("/profile?notice=two-step-required#two-step", { "cache-control": "no-store" });
  }
  const scheme = new URL(getConfig().baseUrl).protocol;
  const returnPath = sameOriginPath(ctx.url.searchParams.get("return") ?? "/", `${scheme}//${target.host}`) ?? "/";
  const caller = await ctx.caller();
  const profile = await caller.users.me();
  const code = await mintToolCode(orm, {
    host: target.host,
    userId: resolved.user.userId,
    tenantId: target.tenantId,
    email: resolved.user.email,
    displayName: profile.displayName,
    dashboardSessionId: resolved.user.sessionId,
    returnPath,
  });
  const callback = `${scheme}//${target.host}/.svc/callback?code=${code}&return=${encodeURIComponent(returnPath)}`;
  return redirect(callback, { "cache-control": "no-store", "referrer-policy": "no-referrer" });
}

/** The public keys that verify `X-Svc-Assertion` (see server/deployments/assertion.ts). */
export async function assertionJwksRoute(): Promise<Response> {
  return json(await assertionJwks(), 200, { "cache-control": "public, max-age=600" });
}
