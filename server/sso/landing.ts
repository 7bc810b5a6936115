import type { EntityManager } from "@mikro-orm/postgresql";
import { createFlowState, issueAuthCode } from "../external-sign-in";
import { IdentityError, redirectTarget, startUpstreamSession } from "../identity";
import { getConfig } from "../platform/config";
import { log } from "../platform/log";

/**
 * Where a single sign-on ends, SAML's ACS and OpenID's callback alike (ADR 079, ADR 085): the
 * browser goes to `redirect_to` (allow-list checked, else the site URL) with `?code=` when the
 * app started with PKCE, else the session in the fragment; a refusal goes to the site URL with
 * GoTrue's error query.
 */
export async function landingUrl(
  em: EntityManager,
  providerName: string,
  userId: string,
  redirectTo: string,
  pkce: { codeChallenge: string | null; codeChallengeMethod: string | null },
): Promise<string> {
  const target = redirectTarget(redirectTo);
  if (pkce.codeChallenge) {
    const flowId = await createFlowState(em, { provider: providerName, redirectTo: target, codeChallenge: pkce.codeChallenge, codeChallengeMethod: pkce.codeChallengeMethod, nonce: "" });
    const code = await issueAuthCode(em, flowId, userId, { accessToken: "" });
    const url = new URL(target);
    url.searchParams.set("code", code);
    return url.href;
  }
  const session = await startUpstreamSession(em, userId, providerName);
  const url = new URL(target);
  url.hash = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: "bearer",
  }).toString();
  return url.href;
}

/** GoTrue's oauthErrorMap; any other status (a 404, a 422) is `server_error`, as GoTrue sends it. */
const OAUTH_ERRORS: Record<number, string> = { 400: "invalid_request", 401: "unauthorized_client", 403: "access_denied", 500: "server_error", 503: "temporarily_unavailable" };

/** GoTrue's getErrorQueryString on the site URL: `error`, `error_code`, `error_description`. */
export function withError(target: string, error: unknown): string {
  const url = new URL(target);
  if (error instanceof IdentityError) {
    url.searchParams.set("error", OAUTH_ERRORS[error.status] ?? OAUTH_ERRORS[500]!);
    url.searchParams.set("error_code", error.errorCode);
    url.searchParams.set("error_description", error.message);
  } else {
    log.error("sso: a single sign-on could not finish", { err: error });
    url.searchParams.set("error", OAUTH_ERRORS[500]!);
    url.searchParams.set("error_description", "Internal server error");
  }
  return url.href;
}

/** The ACS and the OpenID callback always redirect: to where the sign-in lands (302) or, refused, to the site URL with the error (303). */
export async function redirectOutcome(land: () => Promise<string>): Promise<{ status: 302 | 303; location: string }> {
  try {
    return { status: 302, location: await land() };
  } catch (error) {
    return { status: 303, location: withError(getConfig().baseUrl, error) };
  }
}
