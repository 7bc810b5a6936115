import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect, redirectDocument } from "@remix-run/node";
import { TwoStepSignInPage } from "~/components/pages/TwoStepSignInPage";
import { dashboardRequest, sessionHeaders } from "~/lib/caller.server";
import { clientAddressOf } from "~/lib/client-address.server";
import { readForm } from "~/lib/read-form.server";
import { safeRedirectTo } from "~/lib/safe-redirect.server";
import { codeRefusal, factorsOf, passSecondStep, sessionCookieOf, tidyCode } from "~/lib/two-step.server";
import { securityKeyStep } from "~/lib/two-step-security-key-step.server";

export const meta: MetaFunction = () => [{ title: "Two-step sign-in · svc" }];

/** A page answering a refused code carries the action's `Retry-After` (too many attempts) and no cache. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const out = new Headers({ "cache-control": "no-store" });
  const retryAfter = actionHeaders.get("retry-after");
  if (retryAfter) out.set("retry-after", retryAfter);
  return out;
};

/**
 * The second sign-in page (ADR 049): the one page a session that passed the password but not
 * the second factor reaches, besides sign-out. Signed out: /login; fully signed in: onwards.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const dashboard = await dashboardRequest(request);
  const search = new URL(request.url).search;
  if (dashboard.user) throw redirect(safeRedirectTo(new URL(request.url).searchParams.get("redirectTo")), { headers: sessionHeaders(dashboard) });
  if (!dashboard.pending) throw redirect(`/login${search}`);
  const headers = sessionHeaders(dashboard);
  headers.set("cache-control", "no-store");
  // The page offers what the person has: the app's code field, the security key button, or both.
  const factors = await factorsOf(dashboard.caller, dashboard.pending.accessToken);
  return json(
    { email: dashboard.pending.email, hasApp: factors.totpId !== null, hasSecurityKey: factors.securityKeys.length > 0, hasRecoveryCodes: factors.hasRecoveryCodes },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const dashboard = await dashboardRequest(request, clientAddressOf(context));
  if (!dashboard.pending) throw redirect(dashboard.user ? "/dashboard" : "/login");
  const form = await readForm(request);
  // The security key button's fetcher posts here too; the code form has no intent.
  const intent = String(form.get("intent") ?? "");
  if (intent === "securityKeyOptions" || intent === "securityKeyVerify") return securityKeyStep(dashboard, dashboard.pending.accessToken, intent, form);
  const code = tidyCode(form.get("code"));
  if (code === "") return json({ error: "Enter the 6-digit code from your authenticator app, or a recovery code." }, { status: 400, headers: sessionHeaders(dashboard) });
  try {
    const tokens = await passSecondStep(dashboard.caller, dashboard.pending.accessToken, code);
    // A document load: the target may be outside the dashboard (an OAuth consent, a deployed tool).
    return redirectDocument(safeRedirectTo(form.get("redirectTo")), { headers: { "set-cookie": sessionCookieOf(tokens) } });
  } catch (error) {
    const refusal = codeRefusal(error);
    if (!refusal) throw error;
    const headers = sessionHeaders(dashboard);
    for (const [name, value] of Object.entries(refusal.headers)) headers.set(name, value);
    return json({ error: refusal.message }, { status: refusal.status, headers });
  }
}

export default TwoStepSignInPage;
