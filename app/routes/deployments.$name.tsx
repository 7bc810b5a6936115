import { notFound } from "~/lib/not-found.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { DeploymentPage, type DeploymentData } from "~/components/pages/DeploymentPage";
import { loadTenantAccount } from "~/lib/account.server";
import { sessionHeaders } from "~/lib/caller.server";
import { readIntentAction } from "~/lib/intent-action.server";
import { agentFlags, deploymentFailure, deploymentValues } from "~/lib/deployments.server";
import { describeFailure } from "~/lib/form-errors.server";
import { allows, type AgentTokenResult, type FormResult } from "~/lib/view-types";
import { listAppViews } from "~/lib/apps.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.deployment.name ?? "Deployment"} · svc` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadTenantAccount(request);
  try {
    const deployment = await dashboard.caller.deployments.get({ name: params.name ?? "" });
    const canManage = allows(account, "deployments.manage");
    const [agentTokens, shellEvents, apps] = await Promise.all([
      canManage ? dashboard.caller.shell.listAgentTokens({ name: deployment.name }) : [],
      dashboard.caller.shell.events({ name: deployment.name }),
      listAppViews(dashboard.caller),
    ]);
    return json<DeploymentData>({ account, deployment, canManage, agentTokens, shellEvents, agentFlags: agentFlags(), apps }, { headers: sessionHeaders(dashboard) });
  } catch (error) {
    if (describeFailure(error, request).status === 404) throw await notFound(request);
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { dashboard, headers, form, intent } = await readIntentAction(request);
  const name = params.name ?? "";
  const values = deploymentValues(form);
  try {
    if (intent === "issue-agent-token") {
      const issued = await dashboard.caller.shell.issueAgentToken({ name });
      return json<AgentTokenResult>({ intent, ok: true, agentToken: issued.token }, { headers });
    }
    if (intent === "revoke-agent-token") {
      await dashboard.caller.shell.revokeAgentToken({ name, tokenId: String(form.get("tokenId") ?? "") });
      return json<FormResult>({ intent, ok: true }, { headers });
    }
    if (intent === "delete") {
      await dashboard.caller.deployments.remove({ name });
      return redirect("/deployments", { headers });
    }
    await dashboard.caller.deployments.update({
      name,
      upstreamUrl: values.upstreamUrl,
      access: values.access as "members",
      manifest: values.manifest.trim() ? values.manifest : null,
      ...(values.appId ? { appId: values.appId } : {}),
    });
    return json<FormResult>({ intent, ok: true }, { headers });
  } catch (error) {
    return deploymentFailure(error, request, intent, values, headers);
  }
}

export default DeploymentPage;
