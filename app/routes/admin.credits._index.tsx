import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { AdminBalancePage, type AdminBalanceData } from "~/components/pages/AdminBalancePage";
import { loadAccount } from "~/lib/account.server";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { adjustBalance } from "~/lib/balance.server";
import { describeFailure } from "~/lib/form-errors.server";
import { notFound } from "~/lib/not-found.server";
import { readForm } from "~/lib/read-form.server";

export const meta: MetaFunction = () => [{ title: "Credits · Admin · svc" }];

/** Administrators only; everyone else goes back to the dashboard, which says why. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadAccount(request);
  const headers = sessionHeaders(dashboard);
  if (!account.isAdmin) throw redirect("/dashboard?notice=admin-only", { headers });
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  let page;
  try {
    page = await dashboard.caller.billing.workspaces({ cursor });
  } catch (error) {
    if (describeFailure(error, request).status === 400) throw await notFound(request);
    throw error;
  }
  // A fresh idempotency key per form and render: resubmitting the same form writes once.
  const tenants = page.workspaces.map((row) => ({ ...row, idempotencyKey: crypto.randomUUID() }));
  headers.set("cache-control", "no-store");
  return json<AdminBalanceData>({ account, workspaces: tenants, nextCursor: page.nextCursor }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  return adjustBalance(dashboard, request, await readForm(request));
}

export default AdminBalancePage;
