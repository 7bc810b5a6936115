import { json } from "@remix-run/node";
import { getConfig } from "../../server/platform/config";
import { IdentityError } from "../../server/identity";
import { findCause } from "../../server/platform/errors";
import { SSO } from "../../server/sso";
import type { Caller } from "./caller.server";
import { safeRedirectTo } from "./safe-redirect.server";
import { failedSignIn, pkcePair, redirectKeepingFlow, UPSTREAM_CALLBACK_PATH } from "./upstream-sign-in.server";

/**
 * /login's "Sign in with single sign-on" (issue 32, 3; ADR 087): the dashboard starts the
 * company's sign-in as it starts GitHub's (ADR 078), a PKCE client of `POST /auth/v1/sso`'s
 * procedure whose answer comes back to the same callback page with `?code=`, the verifier kept
 * in this browser's cookie. No provider for the address's domain (or one turned off since the
 * page asked) ends on /login with a sentence.
 */
export const SSO_FLOW = "sso";

export async function startSsoSignIn(caller: Caller, email: string, redirectTo: string | null): Promise<Response> {
  const target = safeRedirectTo(redirectTo);
  const { verifier, challenge } = pkcePair();
  try {
    const { url } = await caller.sso.startForEmail({ email, redirectTo: `${getConfig().baseUrl}${UPSTREAM_CALLBACK_PATH}`, codeChallenge: challenge });
    return redirectKeepingFlow(url, { provider: SSO_FLOW, verifier, redirectTo: target });
  } catch (error) {
    if (!findCause(error, IdentityError)) throw error;
    throw failedSignIn(SSO_FLOW, "failed", target);
  }
}

/**
 * Home-realm discovery for /login: whether the typed address's domain signs in through a
 * company provider (`{ sso }`, the same for an address with an account as without). Over the
 * per-address limit there is no answer about the domain and no button: `{ sso: false }` with 429.
 */
export async function discoverSso(caller: Caller, email: string): Promise<Response> {
  try {
    return json({ ...(await caller.sso.discover({ email })), email }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    const identity = findCause(error, IdentityError);
    if (identity?.status !== 429) throw error;
    return json({ sso: false, email }, { status: 429, headers: { "cache-control": "no-store", ...identity.headers } });
  }
}

const SSO_REFUSALS = new Set<string>(Object.values(SSO).map((entry) => entry.code));
const SSO_EXPIRED = new Set<string>([SSO.RELAY_STATE_EXPIRED.code, SSO.RELAY_STATE_NOT_FOUND.code]);

/**
 * Where the site URL sends a signed-out person the ACS refused there (GoTrue's rule: the
 * refusal goes to the site URL with `error_code`, ADR 079): /login with a sentence, as for a
 * refused upstream sign-in. Null for any other visit.
 */
export function ssoRefusalFailure(query: URLSearchParams): string | null {
  const code = query.get("error_code");
  if (!query.get("error") || !code || !SSO_REFUSALS.has(code)) return null;
  return `/login?${new URLSearchParams({ upstream: SSO_FLOW, failure: SSO_EXPIRED.has(code) ? "expired" : "failed" })}`;
}
