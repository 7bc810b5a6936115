import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { AdminIntegrationsPage, type AdminIntegrationsData } from "~/components/pages/AdminIntegrationsPage";
import { loadAccount } from "~/lib/account.server";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { describeFailure, failedForm } from "~/lib/form-errors.server";
import type { FormResult } from "~/lib/view-types";

export const meta: MetaFunction = () => [{ title: "Integrations · Admin · svc" }];

/** Administrators only (issue 7 section 1); everyone else goes back to the dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadAccount(request);
  const headers = sessionHeaders(dashboard);
  if (!account.isAdmin) throw redirect("/dashboard?notice=admin-only", { headers });
  const rows = await dashboard.caller.integrations.list();
  headers.set("cache-control", "no-store");
  return json<AdminIntegrationsData>(
    { account, integrations: rows.map((row) => ({ ...row, oauthClientConfig: JSON.stringify(row.oauthClientConfig, null, 2) })) },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  const form = await request.formData();
  const values = {
    slug: String(form.get("slug") ?? ""),
    name: String(form.get("name") ?? ""),
    description: String(form.get("description") ?? ""),
    logo: String(form.get("logo") ?? ""),
    oauthClientConfig: String(form.get("oauthClientConfig") ?? ""),
  };
  const intent = `save:${values.slug}`;
  let oauthClientConfig: unknown;
  try {
    oauthClientConfig = JSON.parse(values.oauthClientConfig);
  } catch {
    oauthClientConfig = null;
  }
  if (!oauthClientConfig || typeof oauthClientConfig !== "object" || Array.isArray(oauthClientConfig)) {
    return json<FormResult>({ intent, ok: false, formError: "OAuth client config must be a JSON object", values }, { status: 400, headers });
  }
  try {
    await dashboard.caller.integrations.update({ ...values, oauthClientConfig: oauthClientConfig as Record<string, unknown> });
    return json<FormResult>({ intent, ok: true }, { headers });
  } catch (error) {
    return failedForm(intent, describeFailure(error, request), undefined, { headers, values });
  }
}

export default AdminIntegrationsPage;
