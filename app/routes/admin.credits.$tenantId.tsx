import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { AdminLedgerPage, type AdminLedgerData } from "~/components/pages/AdminLedgerPage";
import { loadAccount } from "~/lib/account.server";
import { sessionHeaders } from "~/lib/caller.server";
import { loadLedgerPage } from "~/lib/ledger.server";
import { notFound } from "~/lib/not-found.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.ledger.name ?? "Workspace"} · Credits · Admin · svc` }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadAccount(request);
  const headers = sessionHeaders(dashboard);
  if (!account.isAdmin) throw redirect("/dashboard?notice=admin-only", { headers });
  const tenantId = params.tenantId ?? "";
  if (!UUID.test(tenantId)) throw await notFound(request);
  const ledger = await loadLedgerPage(dashboard, request, tenantId.toLowerCase());
  return json<AdminLedgerData>({ account, ledger }, { headers });
}

export default AdminLedgerPage;
