import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { AdminUsersPage, type AdminUsersData, type IssueResetResult } from "~/components/pages/AdminUsersPage";
import { loadAccount } from "~/lib/account.server";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { describeFailure } from "~/lib/form-errors.server";
import { RESET_LINK_MINUTES } from "~/lib/password-reset.server";
import { readForm } from "~/lib/read-form.server";

export const meta: MetaFunction = () => [{ title: "Users · Admin · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadAccount(request);
  const headers = sessionHeaders(dashboard);
  if (!account.isAdmin) throw redirect("/dashboard?notice=admin-only", { headers });
  const { mode } = await dashboard.caller.passwordReset.mode();
  return json<AdminUsersData>({ account, canIssue: mode === "administrator", minutes: RESET_LINK_MINUTES }, { headers });
}

/** Issues the link; the answer carries it once and is never cached. */
export async function action({ request }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  headers.set("cache-control", "no-store");
  const email = String((await readForm(request)).get("email") ?? "");
  try {
    const link = await dashboard.caller.passwordReset.issue({ email });
    return json<IssueResetResult>({ ok: true, link }, { headers });
  } catch (error) {
    const failure = describeFailure(error, request);
    if (failure.status === 403) throw redirect("/dashboard?notice=admin-only", { headers });
    return json<IssueResetResult>({ ok: false, error: failure.message, values: { email } }, { status: failure.status, headers });
  }
}

export default AdminUsersPage;
