import { json, redirect } from "@remix-run/node";
import { providerLabel } from "../../server/external-sign-in";
import { IdentityError } from "../../server/identity";
import { findCause } from "../../server/platform/errors";
import type { DashboardRequest } from "./caller.server";
import { describeFailure } from "./form-errors.server";
import type { SignInMethodsView } from "./sign-in-methods-types";
import type { FormResult } from "./view-types";

/**
 * The profile page's sign-in methods (issue 31, manual linking): listed and changed through
 * the `identityLinks` procedures with the cookie session. A link leaves for the provider; its
 * callback brings the browser back to `/profile?linked=<provider>`, with GoTrue's `error_code`
 * when it failed, which the card turns into a sentence.
 */
export const SIGN_IN_METHOD_INTENTS = ["linkIdentity", "unlinkIdentity"] as const;
export const isSignInMethodIntent = (intent: string) => (SIGN_IN_METHOD_INTENTS as readonly string[]).includes(intent);

/** What a person is told for GoTrue's codes; a plain sentence for anything else. */
function sentenceFor(code: string | null, description: string | null, provider: string): string {
  const name = providerLabel(provider);
  switch (code) {
    case "identity_already_exists":
      return description === "Identity is already linked"
        ? `This ${name} account is already linked to your account.`
        : `This ${name} account is already linked to another account here. Sign in with it there and unlink it first.`;
    case "single_identity_not_deletable":
      return "This is your only way to sign in, so it cannot be unlinked. Link another sign-in method first.";
    case "identity_not_found":
      return "That sign-in method is no longer linked to your account. Reload the page.";
    case "email_conflict_identity_not_deletable":
      return "Unlinking this would give your account an address another account already uses, so it stays linked.";
    case "manual_linking_disabled":
      return "Linking sign-in methods is turned off on this service.";
    case "validation_failed":
      return `Sign-in with ${name} is not available on this service.`;
    case "provider_email_needs_verification":
      return `${name} has not verified your address. Verify it with ${name}, then try again.`;
    case "unexpected_failure":
      return `${name} could not be reached or did not answer as expected. Try again in a moment.`;
    default:
      return `The link with ${name} could not be finished. Try again.`;
  }
}

/** The notice after coming back from a provider: `?linked=github`, with `error` when it failed. */
export function linkNotice(url: URL): SignInMethodsView["notice"] {
  const provider = url.searchParams.get("linked");
  if (!provider || !/^[a-z0-9_:-]{1,64}$/i.test(provider)) return null;
  const error = url.searchParams.get("error");
  if (!error) return { ok: true, message: `${providerLabel(provider)} is linked. You can now sign in with it.` };
  if (error === "access_denied" && !url.searchParams.get("error_code")) return { ok: false, message: `${providerLabel(provider)} did not allow the link. Nothing changed.` };
  return { ok: false, message: sentenceFor(url.searchParams.get("error_code"), url.searchParams.get("error_description"), provider) };
}

export async function loadSignInMethods(dashboard: DashboardRequest, url: URL): Promise<SignInMethodsView | null> {
  if (!dashboard.user) return null;
  const methods = await dashboard.caller.identityLinks.methods();
  // No identity and nothing to link: an account of a hosted identity provider, which keeps its own.
  if (methods.methods.length === 0 && methods.linkable.length === 0) return null;
  return { ...methods, notice: linkNotice(url) };
}

function failureOf(error: unknown, request: Request, provider: string): { message: string; status: number } {
  const identity = findCause(error, IdentityError);
  if (identity) return { message: sentenceFor(identity.errorCode, identity.message, provider), status: identity.status >= 500 ? identity.status : 400 };
  return describeFailure(error, request);
}

export async function signInMethodAction(dashboard: DashboardRequest, intent: string, form: FormData, request: Request, headers: Headers) {
  const provider = String(form.get("provider") ?? "");
  try {
    if (intent === "linkIdentity") {
      const { url } = await dashboard.caller.identityLinks.link({ provider });
      // Remix answers the form's fetch with the redirect and the page moves the window there (another origin).
      return redirect(url, { headers });
    }
    await dashboard.caller.identityLinks.remove({ identityId: String(form.get("identityId") ?? "") });
  } catch (error) {
    const failure = failureOf(error, request, provider);
    if (intent === "linkIdentity") return redirect(`/profile?linked=${encodeURIComponent(provider)}&error=invalid_request&error_code=${encodeURIComponent(findCause(error, IdentityError)?.errorCode ?? "")}`, { headers });
    return json<FormResult>({ intent, ok: false, formError: failure.message }, { status: failure.status, headers });
  }
  return json<FormResult>({ intent, ok: true }, { headers });
}
