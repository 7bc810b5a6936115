import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { AuditPage, type AuditData } from "~/components/pages/AuditPage";
import { loadTenantAccount } from "~/lib/account.server";
import { loadAuditPage } from "~/lib/audit.server";
import { sessionHeaders } from "~/lib/caller.server";

export const meta: MetaFunction = () => [{ title: "Audit log · svc" }];

/** The owner's page (ADR 047): who did what in the workspace, filtered and paged by the query. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadTenantAccount(request);
  if (account.role !== "owner") throw redirect("/dashboard?notice=owner-only", { headers: sessionHeaders(dashboard) });
  const audit = await loadAuditPage(dashboard, request);
  return json<AuditData>({ account, audit }, { headers: sessionHeaders(dashboard) });
}

export default AuditPage;
