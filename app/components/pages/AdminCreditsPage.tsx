import { useLoaderData } from "@remix-run/react";
import { creditsLabel } from "~/lib/format";
import type { AccountView, AdminWorkspaceView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Card } from "../Card";
import { DataTable } from "../DataTable";
import { CreditAdjustForm } from "../CreditAdjustForm";

export interface AdminCreditsData {
  account: AccountView;
  workspaces: AdminWorkspaceView[];
}

/** Administrators: every workspace's balance, with a grant/deduct form each. */
export function AdminCreditsPage() {
  const { account, workspaces } = useLoaderData<AdminCreditsData>();
  return (
    <AppShell account={account}>
      <PageHeader title="Credits" description="Grant or deduct credits for any workspace. Every change is written to the ledger." />
      <Card title="Workspaces" description="Deductions never take a balance below zero.">
        <DataTable columns={["Workspace", "Balance", "Adjust"]} rows={workspaces} empty="No workspaces yet.">
          {(workspace) => (
            <tr key={workspace.id}>
              <th scope="row">
                <span className="cell-title">{workspace.name}</span>
                <span className="cell-sub mono">{workspace.slug}</span>
              </th>
              <td className="mono cell-nowrap" data-testid={`balance-${workspace.slug}`}>{creditsLabel(workspace.balance)}</td>
              <td>
                <CreditAdjustForm workspace={workspace} />
              </td>
            </tr>
          )}
        </DataTable>
      </Card>
    </AppShell>
  );
}
