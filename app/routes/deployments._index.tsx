import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { DeploymentsPage, type DeploymentsData } from "~/components/pages/DeploymentsPage";
import { loadTenantAccount } from "~/lib/account.server";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { deploymentFailure, deploymentValues } from "~/lib/deployments.server";
import { listAppViews } from "~/lib/apps.server";
import { readForm } from "~/lib/read-form.server";

export const meta: MetaFunction = () => [{ title: "Deployments · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadTenantAccount(request);
  const canManage = account.role !== "viewer";
  const [deployments, apps] = await Promise.all([dashboard.caller.deployments.list(), canManage ? listAppViews(dashboard.caller) : []]);
  return json<DeploymentsData>({ account, deployments, canManage, apps }, { headers: sessionHeaders(dashboard) });
}

export async function action({ request }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  const values = deploymentValues(await readForm(request));
  try {
    const created = await dashboard.caller.deployments.create({
      name: values.name,
      upstreamUrl: values.upstreamUrl,
      access: values.access as "members",
      ...(values.appId ? { appId: values.appId } : {}),
      ...(values.manifest.trim() ? { manifest: values.manifest } : {}),
    });
    return redirect(`/deployments/${created.name}`, { headers });
  } catch (error) {
    return deploymentFailure(error, request, "create", values, headers);
  }
}

export default DeploymentsPage;
