import { Link, useLoaderData } from "@remix-run/react";
import type { AccountView, AppView, EnvVarView, WorkspaceView } from "~/lib/view-types";
import { AddEnvVarCard } from "../AddEnvVarCard";
import { AppShell, PageHeader } from "../AppShell";
import { Badge } from "../Badge";
import { Card } from "../Card";
import { EnvVarRow } from "../EnvVarRow";

export interface AppDetailData {
  account: AccountView & { workspace: WorkspaceView };
  app: AppView;
  env: EnvVarView[];
}

/** One app: its environment variables, masked until revealed, and a form to add more. */
export function AppDetailPage() {
  const { account, app, env } = useLoaderData<AppDetailData>();
  return (
    <AppShell account={account}>
      <p className="breadcrumb">
        <Link to="/apps">Apps</Link> <span aria-hidden="true">/</span>
      </p>
      <PageHeader title={app.name} description="Environment variables for this app's deployments and for svc dev.">
        <div className="button-row">
          <Badge tone={app.kind === "cli" ? "muted" : "accent"}>{app.kind}</Badge>
          <Link to="/keys" className="btn btn-secondary">API keys</Link>
        </div>
      </PageHeader>
      <div className="stack-lg">
        <Card title="Environment variables" description="Values are hidden until you reveal them.">
          {env.length === 0 ? (
            <p className="empty">No variables yet.</p>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Kind</th>
                    <th scope="col">Value</th>
                    <th scope="col">Updated</th>
                    <th scope="col"><span className="sr-only">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  {env.map((row) => (
                    <EnvVarRow key={row.key} row={row} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
        <AddEnvVarCard />
      </div>
    </AppShell>
  );
}
