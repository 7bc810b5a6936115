import { redirect, redirectDocument } from "@remix-run/node";
import { sessionClearCookie, sessionSetCookie, readSessionCookie, IdentityError } from "../../server/identity";
import { findCause } from "../../server/platform/errors";
import { clientAddressOf } from "../../rest/client-address";
import { dashboardRequest, TWO_STEP_PATH } from "./caller.server";
import { safeRedirectTo } from "./safe-redirect.server";
import { hasSecondFactor } from "./two-step.server";
import { readForm } from "~/lib/read-form.server";

export type CredentialsResult =
  | { ok: true; response: Response }
  /** A sign-up with mail (SMTP_URL): new address or not, the page says to check the mail (docs/decisions/034). */
  | { ok: "check-mail"; email: string }
  | { ok: false; error: string; field?: "email" | "password"; code: string; status: number; headers: Record<string, string> };

/**
 * Signs up or in with the form's email and password; on success a 302 with the session
 * cookie. `loadContext` carries the client's address for the brute-force limits.
 */
export async function signInWithForm(request: Request, mode: "signUp" | "signIn", loadContext?: unknown): Promise<CredentialsResult> {
  const { caller } = await dashboardRequest(request, clientAddressOf(loadContext));
  const form = await readForm(request);
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  try {
    const tokens = mode === "signUp" ? await caller.auth.signUp({ email, password }) : await caller.auth.signIn({ email, password });
    if (!("access_token" in tokens)) return { ok: "check-mail", email: tokens.email ?? email };
    // A full document load: the target may be outside the dashboard (/apps/authorize on the
    // way to a deployed tool), where a client-side navigation cannot follow.
    const target = safeRedirectTo(form.get("redirectTo"));
    // A verified authenticator app or security key: the password was step one; the second page asks for it.
    const response = redirectDocument(hasSecondFactor(tokens.user.factors) ? `${TWO_STEP_PATH}?redirectTo=${encodeURIComponent(target)}` : target, {
      headers: { "set-cookie": sessionSetCookie(tokens.access_token, tokens.refresh_token) },
    });
    return { ok: true, response };
  } catch (error) {
    const identity = findCause(error, IdentityError);
    if (identity) {
      const field =
        identity.errorCode === "weak_password" ? "password" : ["invalid_credentials", "over_request_rate_limit"].includes(identity.errorCode) ? undefined : "email";
      const message = identity.errorCode === "email_not_confirmed" ? "Email not confirmed: follow the link in the mail we sent you, then sign in." : identity.message;
      return { ok: false, error: message, field, code: identity.errorCode, status: identity.status === 429 || identity.status === 503 ? identity.status : 400, headers: identity.headers };
    }
    throw error;
  }
}

export async function signOut(request: Request): Promise<Response> {
  const { caller } = await dashboardRequest(request);
  // "Sign in as someone else" (the app-proxy's Not a member page) names where to come back to.
  const form = await request.formData().catch(() => null);
  const back = form?.get("redirectTo");
  await caller.auth.signOut({ cookie: readSessionCookie(request.headers.get("cookie")) });
  const to = back ? `/login?redirectTo=${encodeURIComponent(safeRedirectTo(back))}` : "/logout";
  return redirect(to, { headers: { "set-cookie": sessionClearCookie() } });
}
