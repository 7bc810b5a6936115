import { json, redirectDocument } from "@remix-run/node";
import { IdentityError, sessionSetCookie } from "../../server/identity";
import { type PasskeyListItem } from "../../server/two-step";
import { findCause } from "../../server/platform/errors";
import type { DashboardRequest } from "./caller.server";
import { safeRedirectTo } from "./safe-redirect.server";
import type { PasskeyView } from "./view-types";

/**
 * The dashboard's passkeys go through the same API auth-js calls (`caller.idp.passkey*`,
 * GoTrue's `/auth/v1/passkeys`), with the access token of the session cookie as the bearer:
 * the browser never sees the token (the cookie is HttpOnly), and the ceremony itself runs in
 * the page through @simplewebauthn/browser.
 */

/** What a person is told for GoTrue's passkey codes; GoTrue's own message otherwise. */
const MESSAGES: Record<string, string> = {
  webauthn_challenge_expired: "The passkey request expired. Try again.",
  webauthn_challenge_not_found: "The passkey request was already used. Try again.",
  webauthn_credential_exists: "This passkey is already registered to your account.",
  too_many_passkeys: "Your account has 10 passkeys, the most it can have. Remove one first.",
  insufficient_aal: "Sign in again with your two-step code before changing passkeys.",
};

function passkeyFailure(error: unknown, signIn: boolean): { message: string; status: number } {
  const identity = findCause(error, IdentityError);
  if (!identity) throw error;
  const verification = signIn
    ? "That passkey is not registered for any account here, or it could not be verified. Sign in with your password instead."
    : "The passkey could not be verified. Try again.";
  const message = identity.errorCode === "webauthn_verification_failed" ? verification : (MESSAGES[identity.errorCode] ?? identity.message);
  return { message, status: identity.status === 401 ? 401 : identity.status >= 500 ? identity.status : 400 };
}

export const toPasskeyView = (item: PasskeyListItem): PasskeyView => ({
  id: item.id,
  name: item.friendly_name || "Passkey",
  createdAt: item.created_at,
  lastUsedAt: item.last_used_at ?? null,
});

/** The profile's list; null when the session's provider has no passkeys (a hosted identity provider). */
export async function listPasskeyViews(dashboard: DashboardRequest & { user: { accessToken: string } }): Promise<PasskeyView[] | null> {
  try {
    return (await dashboard.caller.idp.passkeyList({ accessToken: dashboard.user.accessToken })).map(toPasskeyView);
  } catch (error) {
    if (findCause(error, IdentityError)) return null;
    throw error;
  }
}

const INTENTS = ["passkeyOptions", "passkeyRegister", "passkeyRename", "passkeyRemove"] as const;
export const isPasskeyIntent = (intent: string) => (INTENTS as readonly string[]).includes(intent);

/** The profile page's passkey actions: start and finish a registration, rename, remove. */
export async function passkeyProfileAction(dashboard: DashboardRequest & { user: { accessToken: string } }, form: FormData, headers: Headers) {
  const intent = String(form.get("intent") ?? "");
  const accessToken = dashboard.user.accessToken;
  const idp = dashboard.caller.idp;
  try {
    if (intent === "passkeyOptions") {
      const started = await idp.passkeyRegistrationOptions({ accessToken });
      return json({ intent, ok: true, challengeId: started.challenge_id, options: started.options }, { headers });
    }
    if (intent === "passkeyRegister") {
      const fields = { challenge_id: String(form.get("challengeId") ?? ""), credential: parseCredential(form.get("credential")) };
      await idp.passkeyRegistrationVerify({ accessToken, fields });
    } else if (intent === "passkeyRename") {
      await idp.passkeyRename({ accessToken, passkeyId: String(form.get("passkeyId") ?? ""), fields: { friendly_name: String(form.get("name") ?? "") } });
    } else if (intent === "passkeyRemove") {
      await idp.passkeyDelete({ accessToken, passkeyId: String(form.get("passkeyId") ?? "") });
    }
    return json({ intent, ok: true }, { headers });
  } catch (error) {
    const failure = passkeyFailure(error, false);
    return json({ intent, ok: false, formError: failure.message, passkeyId: String(form.get("passkeyId") ?? "") }, { status: failure.status, headers });
  }
}

/** /login's passkey sign-in: options for the ceremony, then the assertion; success sets the session cookie. */
export async function passkeySignInAction(dashboard: DashboardRequest, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const idp = dashboard.caller.idp;
  try {
    if (intent === "passkeyOptions") {
      const started = await idp.passkeyAuthenticationOptions();
      return json({ intent, ok: true, challengeId: started.challenge_id, options: started.options });
    }
    const fields = { challenge_id: String(form.get("challengeId") ?? ""), credential: parseCredential(form.get("credential")) };
    const tokens = await idp.passkeyAuthenticationVerify({ fields });
    // A full document load, as the password sign-in does: the target may be outside the dashboard.
    return redirectDocument(safeRedirectTo(form.get("redirectTo")), { headers: { "set-cookie": sessionSetCookie(tokens.access_token, tokens.refresh_token) } });
  } catch (error) {
    const failure = passkeyFailure(error, true);
    return json({ intent, ok: false, error: failure.message }, { status: failure.status });
  }
}

/** The browser's serialized credential; anything unreadable is left for GoTrue's checks to refuse. */
function parseCredential(value: FormDataEntryValue | null): unknown {
  try {
    return JSON.parse(String(value ?? ""));
  } catch {
    return null;
  }
}
