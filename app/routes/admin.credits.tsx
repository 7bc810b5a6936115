import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { AdminCreditsPage, type AdminCreditsData } from "~/components/pages/AdminCreditsPage";
import { loadAccount } from "~/lib/account.server";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { adjustCredits } from "~/lib/credits.server";

export const meta: MetaFunction = () => [{ title: "Credits · Admin · svc" }];

/** Administrators only; everyone else goes back to the dashboard, which says why. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadAccount(request);
  const headers = sessionHeaders(dashboard);
  if (!account.isAdmin) throw redirect("/dashboard?notice=admin-only", { headers });
  const rows = await dashboard.caller.billing.workspaces();
  // A fresh idempotency key per form and render: resubmitting the same form writes once.
  const workspaces = rows.map((row) => ({ ...row, idempotencyKey: crypto.randomUUID() }));
  headers.set("cache-control", "no-store");
  return json<AdminCreditsData>({ account, workspaces }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  return adjustCredits(dashboard, request, await request.formData());
}

export default AdminCreditsPage;
