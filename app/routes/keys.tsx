import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { KeysPage, type KeysData } from "~/components/pages/KeysPage";
import { loadTenantAccount } from "~/lib/account.server";
import { listAppViews } from "~/lib/apps.server";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { describeFailure, failedForm } from "~/lib/form-errors.server";
import type { CreatedKeyResult, FormResult } from "~/lib/view-types";
import { readForm } from "~/lib/read-form.server";

export const meta: MetaFunction = () => [{ title: "API keys · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadTenantAccount(request);
  const keys = await dashboard.caller.keys.list();
  const apps = await listAppViews(dashboard.caller);
  const data: KeysData = { account, keys, apps };
  return json(data, { headers: sessionHeaders(dashboard) });
}

/** `create` answers the new key once (never cached); `revoke` ends one. */
export async function action({ request }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  headers.set("cache-control", "no-store");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "create") {
      const name = String(form.get("name") ?? "");
      const created = await dashboard.caller.keys.create({ appId: String(form.get("appId") ?? ""), name });
      return json<CreatedKeyResult>({ intent, ok: true, created }, { headers });
    }
    if (intent === "revoke") {
      await dashboard.caller.keys.revoke({ keyId: String(form.get("keyId") ?? "") });
      return json<FormResult>({ intent, ok: true }, { headers });
    }
  } catch (error) {
    const failure = describeFailure(error, request);
    const field = intent !== "create" ? undefined : failure.message === "App not found" ? "appId" : failure.path === "name" ? "name" : undefined;
    return failedForm(intent, failure, field, { headers, values: { name: String(form.get("name") ?? "") } });
  }
  return json<FormResult>({ intent, ok: false, formError: "Unknown action" }, { status: 400, headers });
}

export default KeysPage;
