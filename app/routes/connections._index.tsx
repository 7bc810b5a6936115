import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ConnectionsPage, type ConnectionsData } from "~/components/pages/ConnectionsPage";
import { loadTenantAccount } from "~/lib/account.server";
import { sessionHeaders } from "~/lib/caller.server";
import { readIntentAction } from "~/lib/intent-action.server";
import { catalogCard, connectionRow } from "~/lib/connections.server";
import { describeFailure, failedForm } from "~/lib/form-errors.server";
import type { FormResult } from "~/lib/view-types";

export const meta: MetaFunction = () => [{ title: "Connections · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadTenantAccount(request);
  const [catalog, connections, apps] = await Promise.all([dashboard.caller.integrations.list(), dashboard.caller.connections.list(), dashboard.caller.apps.list()]);
  const headers = sessionHeaders(dashboard);
  headers.set("cache-control", "no-store");
  return json<ConnectionsData>(
    { account, catalog: catalog.map(catalogCard), connections: connections.map(connectionRow), apps: apps.map((app) => ({ id: app.id, name: app.name })) },
    { headers },
  );
}

/**
 * `disconnect`: the connection, its bindings and their env rows go (the broker's account first).
 * `bind` / `unbind`: a connection to / from one of the workspace's apps (connections.bind/unbind).
 * `rename`: the connection's own name (several accounts of one provider are told apart by it).
 */
export async function action({ request }: ActionFunctionArgs) {
  const { dashboard, headers, form, intent } = await readIntentAction(request);
  try {
    if (intent === "disconnect") {
      await dashboard.caller.connections.disconnect({ connectionId: String(form.get("connectionId") ?? "") });
      return json<FormResult>({ intent, ok: true }, { headers });
    }
    if (intent === "bind") {
      await dashboard.caller.connections.bind({ connectionId: String(form.get("connectionId") ?? ""), appId: String(form.get("appId") ?? "") });
      return json<FormResult>({ intent, ok: true }, { headers });
    }
    if (intent === "rename") {
      await dashboard.caller.connections.rename({ connectionId: String(form.get("connectionId") ?? ""), displayName: String(form.get("displayName") ?? "") });
      return json<FormResult>({ intent, ok: true }, { headers });
    }
    if (intent === "unbind") {
      await dashboard.caller.connections.unbind({ appId: String(form.get("appId") ?? ""), provider: String(form.get("provider") ?? "") });
      return json<FormResult>({ intent, ok: true }, { headers });
    }
  } catch (error) {
    return failedForm(intent, describeFailure(error, request), undefined, { headers });
  }
  return json<FormResult>({ intent, ok: false, formError: "Unknown action" }, { status: 400, headers });
}

export default ConnectionsPage;
