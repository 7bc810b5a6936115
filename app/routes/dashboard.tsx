import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { DashboardPage, dashboardNotice, type DashboardData } from "~/components/pages/DashboardPage";
import { loadTenantAccount } from "~/lib/account.server";
import { sessionHeaders } from "~/lib/caller.server";
import { cliRefusalCallback, cliRefusalClearCookie } from "~/lib/cli-refusal.server";

export const meta: MetaFunction = () => [{ title: "Overview · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadTenantAccount(request);
  const url = new URL(request.url);
  // `?notice=` names one of the page's own messages; anything else shows nothing.
  const notice = dashboardNotice(url.searchParams.get("notice"));
  const headers = sessionHeaders(dashboard);
  // A `svc login` still waiting for the browser that /dev/cli-bootstrap turned away: read once.
  const refusedCli = cliRefusalCallback(request);
  if (refusedCli) headers.append("Set-Cookie", cliRefusalClearCookie());
  const data: DashboardData = { account, urlPrefix: `${url.host}/`, notice, tellCli: notice === "cli-admin-only" ? refusedCli : null };
  return json(data, { headers });
}

export default DashboardPage;
