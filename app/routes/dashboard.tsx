import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { DashboardPage, type DashboardData } from "~/components/pages/DashboardPage";
import { loadWorkspaceAccount } from "~/lib/account.server";
import { sessionHeaders } from "~/lib/caller.server";

export const meta: MetaFunction = () => [{ title: "Overview · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadWorkspaceAccount(request);
  const data: DashboardData = { account, urlPrefix: `${new URL(request.url).host}/` };
  return json(data, { headers: sessionHeaders(dashboard) });
}

export default DashboardPage;
