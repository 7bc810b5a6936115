import { Link, useLoaderData } from "@remix-run/react";
import { creditsLabel } from "~/lib/format";
import type { AccountView, AdminWorkspaceView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Card } from "../Card";
import { DataTable } from "../DataTable";
import { BalanceAdjustForm } from "../BalanceAdjustForm";
import { Pager } from "../Pager";

export interface AdminBalanceData {
  account: AccountView;
  workspaces: AdminWorkspaceView[];
  nextCursor: string | null;
}

/** Administrators: every workspace's balance, with a grant/deduct form each. */
export function AdminBalancePage() {
  const { account, workspaces, nextCursor } = useLoaderData<AdminBalanceData>();
  return (
    <AppShell account={account}>
      <PageHeader title="Credits" description="Grant or deduct credits for any workspace. Every change is written to the ledger." />
      <Card title="Workspaces" description="Deductions never take a balance below zero.">
        <DataTable columns={["Workspace", "Balance", "Adjust"]} rows={workspaces} empty={<p>No workspaces yet. They appear here as people create them.</p>}>
          {(workspace) => (
            <tr key={workspace.id}>
              <th scope="row">
                <Link to={`/admin/credits/${workspace.id}`} className="cell-title" aria-label={`${workspace.name}: credits history`}>
                  {workspace.name}
                </Link>
                <span className="cell-sub mono">{workspace.slug}</span>
              </th>
              <td className="mono cell-nowrap" data-testid={`balance-${workspace.slug}`}>{creditsLabel(workspace.balance)}</td>
              <td>
                <BalanceAdjustForm workspace={workspace} />
              </td>
            </tr>
          )}
        </DataTable>
        <Pager nextCursor={nextCursor} label="Workspace pages" />
      </Card>
    </AppShell>
  );
}
