import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NOT_FOUND_TITLE, NotFoundPage, type NotFoundData } from "~/components/pages/NotFoundPage";
import { dashboardRequest, sessionHeaders } from "~/lib/caller.server";
import { notFound } from "~/lib/not-found.server";
import { tenantSetCookie } from "~/lib/tenant.server";

export const meta: MetaFunction = () => [{ title: NOT_FOUND_TITLE }];

/**
 * The workspace URL the dashboard shows (`localhost:3000/acme`) leads somewhere: a member
 * lands on that workspace's overview (it becomes the current one); anyone else, and any
 * other one-segment path, gets the 404 page. Reserved slugs cover every page's own path,
 * so a workspace never shadows a page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const dashboard = await dashboardRequest(request);
  const slug = (params.slug ?? "").toLowerCase();
  if (dashboard.user) {
    const tenant = (await dashboard.caller.workspaces.list()).find((w) => w.slug === slug);
    if (tenant) {
      const headers = sessionHeaders(dashboard);
      headers.append("set-cookie", tenantSetCookie(tenant.tenantId));
      throw redirect("/dashboard", { headers });
    }
  }
  return notFound(request);
}

export default function TenantAddress() {
  const { account } = useLoaderData<NotFoundData>();
  return <NotFoundPage account={account} />;
}
