import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppShell, PageHeader } from "~/components/AppShell";
import { DomainsSection } from "~/components/sso/DomainsSection";
import { ScimSection } from "~/components/sso/ScimSection";
import { loadTenantAccount } from "~/lib/account.server";
import { sessionHeaders } from "~/lib/caller.server";
import type { AccountView } from "~/lib/view-types";

export const meta: MetaFunction = () => [{ title: "Single sign-on · svc" }];

/** The workspace's Single sign-on page (issue 32, 3 and 4): the owner's, as the workspace's other settings. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadTenantAccount(request);
  if (account.role !== "owner") throw redirect("/dashboard?notice=owner-only", { headers: sessionHeaders(dashboard) });
  return json({ account }, { headers: sessionHeaders(dashboard) });
}

export default function SingleSignOnPage() {
  const { account } = useLoaderData<{ account: AccountView }>();
  return (
    <AppShell account={account}>
      <PageHeader title="Single sign-on" description="Sign your company's people in through its identity provider, and provision them from its directory." />
      <div className="sections">
        <DomainsSection />
        <ScimSection />
      </div>
    </AppShell>
  );
}
