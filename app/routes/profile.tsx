import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ProfilePage, type ProfileData } from "~/components/pages/ProfilePage";
import { loadAccount } from "~/lib/account.server";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { describeFailure, failedForm } from "~/lib/form-errors.server";
import type { FormResult } from "~/lib/view-types";
import { readForm } from "~/lib/read-form.server";
import { isPasskeyIntent, listPasskeyViews, passkeyProfileAction } from "~/lib/passkeys.server";
import { isTwoStepIntent, loadTwoStep, twoStepAction } from "~/lib/two-step-profile.server";
import { signInChangeAction } from "~/lib/sign-in-changes.server";
import { isSignInMethodIntent, loadSignInMethods, signInMethodAction } from "~/lib/sign-in-methods.server";

export const meta: MetaFunction = () => [{ title: "Your profile · svc" }];

/** The profile does not need a workspace: it works before onboarding too. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadAccount(request);
  const [applications, { sessions }, passkeys, twoStep, activity, signInMethods] = await Promise.all([
    dashboard.caller.oauth.grants(),
    dashboard.caller.sessions.list(),
    dashboard.user ? listPasskeyViews({ ...dashboard, user: dashboard.user }) : null,
    loadTwoStep(dashboard),
    dashboard.caller.accountActivity.list(),
    loadSignInMethods(dashboard, new URL(request.url)),
  ]);
  return json<ProfileData>({ account, applications, sessions, passkeys, twoStep, activity, signInMethods }, { headers: sessionHeaders(dashboard) });
}

export async function action({ request }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (isPasskeyIntent(intent)) return passkeyProfileAction(dashboard, form, headers);
  if (isTwoStepIntent(intent)) return twoStepAction(dashboard, intent, form);
  if (isSignInMethodIntent(intent)) return signInMethodAction(dashboard, intent, form, request, headers);
  if (intent === "signOutSession" || intent === "signOutOthers") {
    try {
      if (intent === "signOutSession") await dashboard.caller.sessions.revoke({ sessionId: String(form.get("sessionId") ?? "") });
      else await dashboard.caller.sessions.revokeOthers();
    } catch (error) {
      return failedForm(intent, describeFailure(error, request), undefined, { headers });
    }
    return json<FormResult>({ intent, ok: true }, { headers });
  }
  if (intent === "changeEmail" || intent === "changePassword") return signInChangeAction(dashboard, intent, form, request, headers);
  if (intent === "revokeGrant") {
    try {
      await dashboard.caller.oauth.revokeGrant({ grantId: String(form.get("grantId") ?? "") });
    } catch (error) {
      return failedForm(intent, describeFailure(error, request), undefined, { headers });
    }
    return json<FormResult>({ intent, ok: true }, { headers });
  }
  const values = { displayName: String(form.get("displayName") ?? "") };
  const update = intent === "profile" ? { displayName: values.displayName } : intent === "clearAvatar" ? { clearAvatar: true } : null;
  if (!update) return json<FormResult>({ intent, ok: false, formError: "Unknown action" }, { status: 400, headers });
  try {
    await dashboard.caller.users.update(update);
  } catch (error) {
    const failure = describeFailure(error, request);
    return failedForm(intent, failure, failure.path === "displayName" ? "displayName" : undefined, { values, headers });
  }
  return json<FormResult>({ intent, ok: true, values }, { headers });
}

export default ProfilePage;
