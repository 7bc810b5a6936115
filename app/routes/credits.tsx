import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { CreditsPage, type CreditsData } from "~/components/pages/CreditsPage";
import { loadWorkspaceAccount } from "~/lib/account.server";
import { sessionHeaders } from "~/lib/caller.server";
import { loadLedgerPage } from "~/lib/ledger.server";

export const meta: MetaFunction = () => [{ title: "Credits · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadWorkspaceAccount(request);
  const ledger = await loadLedgerPage(dashboard, request);
  return json<CreditsData>({ account, ledger }, { headers: sessionHeaders(dashboard) });
}

export default CreditsPage;
