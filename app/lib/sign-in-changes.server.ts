import { json } from "@remix-run/node";
import type { SignInChangeResult } from "~/components/SignInCard";
import type { DashboardRequest } from "./caller.server";
import { describeFailure, failedForm } from "./form-errors.server";
import { WRONG_CURRENT_PASSWORD } from "../../server/users";


/**
 * The profile's "Change email" and "Change password": the current password's refusal beside
 * its field, the provider's (a weak password, an address taken, the second step owed) beside
 * the field it is about, and what happened said plainly.
 */
export async function signInChangeAction(dashboard: DashboardRequest, intent: "changeEmail" | "changePassword", form: FormData, request: Request, headers: Headers) {
  const currentPassword = String(form.get("currentPassword") ?? "");
  const email = String(form.get("email") ?? "");
  const values: Record<string, string> = intent === "changeEmail" ? { email } : {};
  try {
    if (intent === "changeEmail") {
      const changed = await dashboard.caller.users.changeEmail({ email, currentPassword });
      const done = changed.pendingEmail ? `We sent a link to ${changed.pendingEmail}. Your address changes when you open it.` : `You now sign in as ${changed.email}.`;
      return json<SignInChangeResult>({ intent, ok: true, done, values }, { headers });
    }
    await dashboard.caller.users.changePassword({ currentPassword, newPassword: String(form.get("newPassword") ?? "") });
    return json<SignInChangeResult>({ intent, ok: true, done: "Password changed. Your other signed-in sessions have ended." }, { headers });
  } catch (error) {
    const failure = describeFailure(error, request);
    const field =
      failure.message === WRONG_CURRENT_PASSWORD || failure.message === "Enter your current password"
        ? "currentPassword"
        : intent === "changeEmail" && /email|address/i.test(failure.message)
          ? "email"
          : intent === "changePassword" && /password/i.test(failure.message)
            ? "newPassword"
            : undefined;
    return failedForm(intent, failure, field, { values, headers });
  }
}
