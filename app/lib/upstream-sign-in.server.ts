import { createHash, randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { IdentityError, readSoleCookie, sessionSetCookie } from "../../server/identity";
import { getConfig } from "../../server/platform/config";
import { findCause } from "../../server/platform/errors";
import type { UpstreamButton } from "~/components/UpstreamSignIn";
import type { Caller } from "./caller.server";
import { TWO_STEP_PATH } from "./caller.server";
import { safeRedirectTo } from "./safe-redirect.server";
import { hasSecondFactor } from "./two-step.server";

/**
 * The dashboard's "Continue with GitHub" (issue 31, 2; ADR 078). The dashboard is a PKCE client
 * of its own GoTrue flow: the button's action asks `/authorize`'s procedure for the provider's
 * address with an S256 challenge, and keeps the verifier (with the provider and where the person
 * was going) in an HttpOnly cookie; the callback page exchanges the `code` with that verifier
 * (`grant_type=pkce`'s procedure) and sets the dashboard session as a password sign-in does.
 * A code that reaches another browser is worthless there: its verifier stays in this one.
 */

export const UPSTREAM_CALLBACK_PATH = "/login/upstream-callback";
const FLOW_SECONDS = 10 * 60;

/** The providers /login and /signup offer, in GoTrue's order; none when none is enabled. */
export async function upstreamButtons(caller: Caller): Promise<UpstreamButton[]> {
  const { external } = await caller.idp.settings();
  return (["github", "google", "keycloak"] as const).filter((name) => external[name]).map((provider) => ({ provider, label: providerLabel(provider) }));
}

export function providerLabel(provider: string): string {
  if (provider === "github") return "GitHub";
  if (provider === "google") return "Google";
  if (provider === "keycloak") return getConfig().EXTERNAL_KEYCLOAK_NAME;
  return provider;
}

/** On an https origin `__Host-` (ADR 059): no sibling host can set or shadow it. */
const cookieName = () => (getConfig().secureCookies ? "__Host-svc_upstream_sign_in" : "svc_upstream_sign_in");
const cookieAttributes = (maxAge: number) => `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${getConfig().secureCookies ? "; Secure" : ""}`;
const clearCookie = () => `${cookieName()}=; ${cookieAttributes(0)}`;

export interface PendingFlow {
  provider: string;
  verifier: string;
  redirectTo: string;
}

function readFlow(request: Request): PendingFlow | null {
  const raw = readSoleCookie(request.headers.get("cookie"), cookieName());
  if (!raw) return null;
  try {
    const flow = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<PendingFlow>;
    if (typeof flow.provider !== "string" || typeof flow.verifier !== "string" || typeof flow.redirectTo !== "string") return null;
    return { provider: flow.provider, verifier: flow.verifier, redirectTo: flow.redirectTo };
  } catch {
    return null;
  }
}

/** The button's action: the provider's address, with the verifier kept in this browser. */
export async function startUpstreamSignIn(caller: Caller, provider: string, redirectTo: string | null): Promise<Response> {
  const target = safeRedirectTo(redirectTo);
  const { verifier, challenge } = pkcePair();
  let location: string;
  try {
    location = await caller.idp.externalAuthorize({
      provider,
      redirectTo: `${getConfig().baseUrl}${UPSTREAM_CALLBACK_PATH}`,
      scopes: null,
      codeChallenge: challenge,
      codeChallengeMethod: "s256",
    });
  } catch (error) {
    if (!findCause(error, IdentityError)) throw error;
    throw failedSignIn(provider, failureOf(null, findCause(error, IdentityError)!.errorCode), target);
  }
  return redirectKeepingFlow(location, { provider, verifier, redirectTo: target });
}

/** A PKCE verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** Off to the provider, the flow kept in this browser's cookie for the callback page (single sign-on's start too, ADR 087). */
export function redirectKeepingFlow(location: string, flow: PendingFlow): Response {
  const value = Buffer.from(JSON.stringify(flow satisfies PendingFlow)).toString("base64url");
  return redirect(location, { headers: { "set-cookie": `${cookieName()}=${value}; ${cookieAttributes(FLOW_SECONDS)}`, "cache-control": "no-store" } });
}

/**
 * The callback page: GoTrue's `?code=` (or its `error`, `error_code`, `error_description`)
 * becomes the dashboard session, the two-step page when the account owes a second factor
 * (as after a password), or /login with a sentence.
 */
export async function finishUpstreamSignIn(caller: Caller, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const flow = readFlow(request);
  const provider = flow?.provider ?? "";
  const target = flow ? safeRedirectTo(flow.redirectTo) : "/dashboard";
  if (params.get("error")) throw failedSignIn(provider, failureOf(params.get("error"), params.get("error_code")), target);
  const code = params.get("code");
  if (!flow || !code) throw failedSignIn(provider, "expired", target);
  try {
    const tokens = await caller.auth.signInUpstream({ authCode: code, codeVerifier: flow.verifier });
    const next = hasSecondFactor(tokens.user.factors) ? `${TWO_STEP_PATH}?redirectTo=${encodeURIComponent(target)}` : target;
    const headers = new Headers({ "cache-control": "no-store" });
    headers.append("set-cookie", sessionSetCookie(tokens.access_token, tokens.refresh_token));
    headers.append("set-cookie", clearCookie());
    return redirect(next, { headers });
  } catch (error) {
    const identity = findCause(error, IdentityError);
    if (!identity) throw error;
    throw failedSignIn(provider, "expired", target);
  }
}

export type UpstreamFailure = "cancelled" | "unverified-email" | "expired" | "unavailable" | "failed";

/** GoTrue's error parameters, as the kind of sentence /login shows. */
export function failureOf(error: string | null, errorCode: string | null): UpstreamFailure {
  if (errorCode === "provider_email_needs_verification") return "unverified-email";
  if (errorCode === "flow_state_already_used" || errorCode === "bad_oauth_state") return "expired";
  // The provider's own refusal (the person pressed Cancel) comes without GoTrue's error_code.
  if (error === "access_denied" && !errorCode) return "cancelled";
  if (errorCode === "unexpected_failure") return "unavailable";
  return "failed";
}

export function failedSignIn(provider: string, failure: UpstreamFailure, target: string): Response {
  const query = new URLSearchParams({ upstream: provider, failure });
  if (target !== "/dashboard") query.set("redirectTo", target);
  return redirect(`/login?${query}`, { headers: { "set-cookie": clearCookie(), "cache-control": "no-store" } });
}

/** Where the site URL sends a signed-out person GoTrue's callback refused there (a stale, forged or replayed `state`); null for any other visit. */
export function upstreamStateFailure(query: URLSearchParams): string | null {
  const code = query.get("error_code");
  if (!query.get("error") || !code || !["bad_oauth_state", "bad_oauth_callback", "flow_state_already_used"].includes(code)) return null;
  return `/login?${new URLSearchParams({ upstream: "", failure: "expired" })}`;
}

/** The sentence /login shows after a failed upstream sign-in; null when the query names none. */
export function upstreamFailureSentence(query: URLSearchParams): string | null {
  const failure = query.get("failure");
  const provider = query.get("upstream");
  if (!failure || provider === null) return null;
  const name = ["github", "google", "keycloak"].includes(provider) ? providerLabel(provider) : null;
  const via = name ? `${name} sign-in` : "The sign-in";
  const who = name ?? "The provider";
  const sentences: Record<UpstreamFailure, string> = {
    cancelled: `${via} was cancelled.`,
    "unverified-email": `${who} did not give a verified email address for this sign-in. Verify your address with ${who}, or sign in with your password.`,
    expired: `${via} expired or was started in another browser. Try again.`,
    unavailable: `${via} did not work: ${who} could not be reached or gave no email address. Try again, or sign in another way.`,
    failed: `${via} did not work. Try again, or sign in another way.`,
  };
  return sentences[failure as UpstreamFailure] ?? null;
}
