import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { DashboardPage, dashboardNotice, type DashboardData } from "~/components/pages/DashboardPage";
import { loadWorkspaceAccount } from "~/lib/account.server";
import { sessionHeaders } from "~/lib/caller.server";

export const meta: MetaFunction = () => [{ title: "Overview · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadWorkspaceAccount(request);
  const url = new URL(request.url);
  // `?notice=` names one of the page's own messages; anything else shows nothing.
  const data: DashboardData = { account, urlPrefix: `${url.host}/`, notice: dashboardNotice(url.searchParams.get("notice")) };
  return json(data, { headers: sessionHeaders(dashboard) });
}

export default DashboardPage;
