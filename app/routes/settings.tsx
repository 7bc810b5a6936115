import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { SettingsPage, type SettingsData } from "~/components/pages/SettingsPage";
import { loadTenantAccount } from "~/lib/account.server";
import { sessionHeaders } from "~/lib/caller.server";
import { readIntentAction } from "~/lib/intent-action.server";
import { describeFailure, failedForm } from "~/lib/form-errors.server";
import type { FormResult } from "~/lib/view-types";

export const meta: MetaFunction = () => [{ title: "Workspace settings · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadTenantAccount(request);
  // The name, URL and logo are the owner's to change (members see them on the overview).
  if (account.role !== "owner") throw redirect("/dashboard?notice=owner-only", { headers: sessionHeaders(dashboard) });
  const { required } = await dashboard.caller.tenants.twoStepRule();
  const data: SettingsData = { account, urlPrefix: `${new URL(request.url).host}/`, twoStepRequired: required };
  return json(data, { headers: sessionHeaders(dashboard) });
}

/** One action, four forms: rename, the one-time slug change, logo removal, and the two-step rule. */
export async function action({ request }: ActionFunctionArgs) {
  const { dashboard, headers, form, intent } = await readIntentAction(request);
  if (intent === "twoStepRule") {
    try {
      await dashboard.caller.tenants.setTwoStepRule({ required: form.get("required") === "true" });
    } catch (error) {
      return failedForm(intent, describeFailure(error, request), undefined, { headers });
    }
    return json<FormResult>({ intent, ok: true }, { headers });
  }
  const values = { name: String(form.get("name") ?? ""), slug: String(form.get("slug") ?? "") };
  const update =
    intent === "rename" ? { name: values.name } : intent === "slug" ? { slug: values.slug } : intent === "clearLogo" ? { clearLogo: true } : null;
  if (!update) return json<FormResult>({ intent, ok: false, formError: "Unknown action" }, { status: 400, headers });
  try {
    await dashboard.caller.tenants.update(update);
  } catch (error) {
    const failure = describeFailure(error, request);
    // Field problems sit beside the field; anything else (e.g. a removal that failed) on the form.
    const field = failure.status !== 400 && failure.status !== 409 ? undefined : intent === "rename" ? "name" : intent === "slug" ? "slug" : undefined;
    return failedForm(intent, failure, field, { values, headers });
  }
  return json<FormResult>({ intent, ok: true, values }, { headers });
}

export default SettingsPage;
