import { useLoaderData } from "@remix-run/react";
import { creditsLabel } from "~/lib/format";
import type { AccountView, AdminWorkspaceView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Card } from "../Card";
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
        {workspaces.length === 0 ? (
          <p className="empty">No workspaces yet.</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Workspace</th>
                  <th scope="col">Balance</th>
                  <th scope="col">Adjust</th>
                </tr>
              </thead>
              <tbody>
                {workspaces.map((workspace) => (
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
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </AppShell>
  );
}
