import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ConnectionsPage, type ConnectionsData } from "~/components/pages/ConnectionsPage";
import { loadWorkspaceAccount } from "~/lib/account.server";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { catalogCard, connectionRow } from "~/lib/connections.server";
import { describeFailure, failedForm } from "~/lib/form-errors.server";
import type { FormResult } from "~/lib/view-types";

export const meta: MetaFunction = () => [{ title: "Connections · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadWorkspaceAccount(request);
  const [catalog, connections] = await Promise.all([dashboard.caller.integrations.list(), dashboard.caller.connections.list()]);
  const headers = sessionHeaders(dashboard);
  headers.set("cache-control", "no-store");
  return json<ConnectionsData>(
    { account, catalog: catalog.map(catalogCard), connections: connections.map(connectionRow) },
    { headers },
  );
}

/** `disconnect`: the connection, its bindings and their env rows go (the broker's account first). */
export async function action({ request }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "disconnect") {
      await dashboard.caller.connections.disconnect({ connectionId: String(form.get("connectionId") ?? "") });
      return json<FormResult>({ intent, ok: true }, { headers });
    }
  } catch (error) {
    return failedForm(intent, describeFailure(error, request), undefined, { headers });
  }
  return json<FormResult>({ intent, ok: false, formError: "Unknown action" }, { status: 400, headers });
}

export default ConnectionsPage;
