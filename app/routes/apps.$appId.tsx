import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { AppDetailPage, type AppDetailData } from "~/components/pages/AppDetailPage";
import { loadTenantAccount } from "~/lib/account.server";
import { loadAppWithEnv } from "~/lib/apps.server";
import { sessionHeaders, type DashboardRequest } from "~/lib/caller.server";
import { readIntentAction } from "~/lib/intent-action.server";
import { describeFailure, failedForm } from "~/lib/form-errors.server";
import type { FormResult } from "~/lib/view-types";
import { oauthClientAction, oauthIssuer } from "~/lib/oauth-clients.server";
import { allows } from "~/lib/view-types";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.app.name ?? "App"} · Apps · svc` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadTenantAccount(request);
  const { app, env } = await loadAppWithEnv(dashboard.caller, params.appId ?? "", request);
  const [{ connections, allowedOrigins }, tenantConnections] = await Promise.all([dashboard.caller.connections.forApp({ appId: app.id }), dashboard.caller.connections.list()]);
  const bindable = tenantConnections.map((row) => ({ id: row.id, provider: row.provider, displayName: row.displayName }));
  // OAuth clients are the owner's (ADR 050): others are not shown the card.
  const oauthClients = allows(account, "oauthClients.manage") ? { clients: (await dashboard.caller.oauthClients.list({ appId: app.id })).clients, issuer: oauthIssuer() } : undefined;
  const data: AppDetailData = { account, app, env, connections, allowedOrigins, bindable, oauthClients };
  // Decrypted values ride in this response: keep them out of every cache.
  const headers = sessionHeaders(dashboard);
  headers.set("cache-control", "no-store");
  return json(data, { headers });
}

/**
 * The forms: add a variable, replace one's value (`update`), delete one; the allowed origins
 * (`origins`); bind a workspace connection (`bind`) or unbind one (`unbind`); the OAuth
 * clients (`oauth-client-create`, `-rotate`, `-delete`).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { dashboard, headers, form, intent } = await readIntentAction(request);
  const appId = params.appId ?? "";
  const values = { key: String(form.get("key") ?? ""), value: String(form.get("value") ?? "") };
  if (intent === "origins") {
    const origins = String(form.get("origins") ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    try {
      await dashboard.caller.connections.setAllowedOrigins({ appId, origins });
    } catch (error) {
      return failedForm(intent, describeFailure(error, request), undefined, { headers });
    }
    return json<FormResult>({ intent, ok: true }, { headers });
  }
  if (intent === "bind" || intent === "unbind") {
    try {
      if (intent === "bind") await dashboard.caller.connections.bind({ appId, connectionId: String(form.get("connectionId") ?? "") });
      else await dashboard.caller.connections.unbind({ appId, provider: String(form.get("provider") ?? "") });
    } catch (error) {
      return failedForm(intent, describeFailure(error, request), undefined, { headers });
    }
    return json<FormResult>({ intent, ok: true }, { headers });
  }
  if (intent.startsWith("oauth-client-")) return oauthClientAction(request, dashboard, headers, intent, appId, form);
  if (intent === "rename" || intent === "delete-app") return manageApp(request, dashboard, headers, intent, appId, form);
  try {
    if (intent === "add" || intent === "update") await dashboard.caller.apps.setEnv({ appId, ...values });
    else if (intent === "delete") await dashboard.caller.apps.deleteEnv({ appId, key: values.key });
    else return json<FormResult>({ intent, ok: false, formError: "Unknown action" }, { status: 400, headers });
  } catch (error) {
    const failure = describeFailure(error, request);
    // Only the add form has a key field; the row forms show the message on the row.
    const field = failure.path === "value" ? "value" : intent === "add" && (failure.path === "key" || failure.status === 409) ? "key" : undefined;
    return failedForm(intent, failure, field, { values: { key: values.key }, headers });
  }
  return json<FormResult>({ intent, ok: true, values: { key: values.key } }, { headers });
}

/** Rename, or delete after the typed confirmation (then back to the list, which says so). */
async function manageApp(request: Request, dashboard: DashboardRequest, headers: Headers, intent: string, appId: string, form: FormData) {
  const name = String(form.get("name") ?? "");
  const confirmName = String(form.get("confirmName") ?? "");
  try {
    if (intent === "rename") {
      await dashboard.caller.apps.rename({ appId, name });
      return json<FormResult>({ intent, ok: true }, { headers });
    }
    await dashboard.caller.apps.remove({ appId, confirmName });
  } catch (error) {
    const failure = describeFailure(error, request);
    return failedForm(intent, failure, intent === "rename" ? "name" : undefined, { values: intent === "rename" ? { name } : { confirmName }, headers });
  }
  return redirect("/apps?notice=app-deleted", { headers });
}

export default AppDetailPage;
