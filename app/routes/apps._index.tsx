import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { AppsPage, type AppsData } from "~/components/pages/AppsPage";
import { loadTenantAccount } from "~/lib/account.server";
import { listAppViews } from "~/lib/apps.server";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { describeFailure, failedForm } from "~/lib/form-errors.server";
import { readForm } from "~/lib/read-form.server";

export const meta: MetaFunction = () => [{ title: "Apps · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadTenantAccount(request);
  const deleted = new URL(request.url).searchParams.get("notice") === "app-deleted";
  const data: AppsData = { account, apps: await listAppViews(dashboard.caller), deleted };
  return json(data, { headers: sessionHeaders(dashboard) });
}

/** Creates an app and opens it, ready for its variables. */
export async function action({ request }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  const form = await readForm(request);
  const values = { name: String(form.get("name") ?? "") };
  try {
    const app = await dashboard.caller.apps.create(values);
    return redirect(`/apps/${app.id}`, { headers });
  } catch (error) {
    const failure = describeFailure(error, request);
    return failedForm("create", failure, failure.status === 400 ? "name" : undefined, { values, headers });
  }
}

export default AppsPage;
