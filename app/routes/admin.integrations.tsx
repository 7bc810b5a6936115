import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { AdminIntegrationsPage, type AdminIntegrationsData } from "~/components/pages/AdminIntegrationsPage";
import { loadAccount } from "~/lib/account.server";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { describeFailure, failedForm } from "~/lib/form-errors.server";
import { integrationEditView, oauthClientConfigFromForm } from "~/lib/integration-form.server";
import type { FormResult } from "~/lib/view-types";
import { readForm } from "~/lib/read-form.server";

export const meta: MetaFunction = () => [{ title: "Integrations · Admin · svc" }];

/** Administrators only (issue 7 section 1); everyone else goes back to the dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadAccount(request);
  const headers = sessionHeaders(dashboard);
  if (!account.isAdmin) throw redirect("/dashboard?notice=admin-only", { headers });
  const rows = await dashboard.caller.integrations.list();
  headers.set("cache-control", "no-store");
  return json<AdminIntegrationsData>(
    { account, integrations: rows.map(integrationEditView) },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  const form = await readForm(request);
  const values = {
    slug: String(form.get("slug") ?? ""),
    name: String(form.get("name") ?? ""),
    description: String(form.get("description") ?? ""),
    logo: String(form.get("logo") ?? ""),
  };
  const intent = `save:${values.slug}`;
  const oauthClientConfig = oauthClientConfigFromForm(form);
  if (!oauthClientConfig) {
    return json<FormResult>({ intent, ok: false, formError: "Other settings must be a JSON object", values }, { status: 400, headers });
  }
  try {
    // An unchecked box is absent from the form: disabled.
    await dashboard.caller.integrations.update({ ...values, oauthClientConfig, enabled: form.get("enabled") === "on" });
    return json<FormResult>({ intent, ok: true }, { headers });
  } catch (error) {
    return failedForm(intent, describeFailure(error, request), undefined, { headers, values });
  }
}

export default AdminIntegrationsPage;
