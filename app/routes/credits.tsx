import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { BalancePage, type BalanceData } from "~/components/pages/BalancePage";
import { loadTenantAccount } from "~/lib/account.server";
import { sessionHeaders } from "~/lib/caller.server";
import { loadLedgerPage } from "~/lib/ledger.server";

export const meta: MetaFunction = () => [{ title: "Credits · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadTenantAccount(request);
  const ledger = await loadLedgerPage(dashboard, request);
  return json<BalanceData>({ account, ledger }, { headers: sessionHeaders(dashboard) });
}

export default BalancePage;
