import { Link, useLoaderData } from "@remix-run/react";
import { creditsLabel } from "~/lib/format";
import type { AccountView, AdminTenantView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Card } from "../Card";
import { DataTable } from "../DataTable";
import { BalanceAdjustForm } from "../BalanceAdjustForm";
import { Pager } from "../Pager";

export interface AdminBalanceData {
  account: AccountView;
  workspaces: AdminTenantView[];
  nextCursor: string | null;
}

/** Administrators: every workspace's balance, with a grant/deduct form each. */
export function AdminBalancePage() {
  const { account, workspaces: tenants, nextCursor } = useLoaderData<AdminBalanceData>();
  return (
    <AppShell account={account}>
      <PageHeader title="Credits" description="Grant or deduct credits for any workspace. Every change is written to the ledger." />
      <Card title="Workspaces" description="Deductions never take a balance below zero.">
        <DataTable columns={["Workspace", "Balance", "Adjust"]} rows={tenants} empty={<p>No workspaces yet. They appear here as people create them.</p>}>
          {(tenant) => (
            <tr key={tenant.id}>
              <th scope="row">
                <Link to={`/admin/credits/${tenant.id}`} className="cell-title" aria-label={`${tenant.name}: credits history`}>
                  {tenant.name}
                </Link>
                <span className="cell-sub mono">{tenant.slug}</span>
              </th>
              <td className="mono cell-nowrap" data-testid={`balance-${tenant.slug}`}>{creditsLabel(tenant.balance)}</td>
              <td>
                <BalanceAdjustForm tenant={tenant} />
              </td>
            </tr>
          )}
        </DataTable>
        <Pager nextCursor={nextCursor} label="Workspace pages" />
      </Card>
    </AppShell>
  );
}
