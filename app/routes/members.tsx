import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { MembersPage, type MembersActionResult, type MembersData } from "~/components/pages/MembersPage";
import { loadTenantAccount } from "~/lib/account.server";
import { sessionHeaders } from "~/lib/caller.server";
import { readIntentAction } from "~/lib/intent-action.server";
import { describeFailure, failedForm } from "~/lib/form-errors.server";

export const meta: MetaFunction = () => [{ title: "Members · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadTenantAccount(request);
  const { members, invitations } = await dashboard.caller.members.list();
  const headers = sessionHeaders(dashboard);
  headers.set("cache-control", "no-store");
  return json<MembersData>({ account, members, invitations, canManage: account.role === "owner" }, { headers });
}

/** Four forms: invite, revoke an invitation, change a role, remove a member. */
export async function action({ request }: ActionFunctionArgs) {
  const { dashboard, headers, form, intent } = await readIntentAction(request);
  const id = String(form.get("id") ?? "");
  const values = { email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "") };
  try {
    if (intent === "invite") {
      const created = await dashboard.caller.members.invite({ email: values.email, role: values.role as "member" });
      return json<MembersActionResult>({ intent, ok: true, invitation: { url: created.url, email: values.email.trim().toLowerCase(), expiresAt: created.expiresAt } }, { headers });
    }
    if (intent === "revoke") await dashboard.caller.members.revokeInvitation({ id });
    else if (intent === "role") await dashboard.caller.members.changeRole({ userId: id, role: values.role as "member" });
    else if (intent === "remove") await dashboard.caller.members.remove({ userId: id });
    else return json<MembersActionResult>({ intent, ok: false, formError: "Unknown action" }, { status: 400, headers });
  } catch (error) {
    const failure = describeFailure(error, request);
    return failedForm(intent, failure, intent === "invite" && failure.path === "email" ? "email" : undefined, { values, headers });
  }
  return json<MembersActionResult>({ intent, ok: true }, { headers });
}

export default MembersPage;
