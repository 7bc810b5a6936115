import { Link, useLoaderData } from "@remix-run/react";
import { allows, type AccountView, type AppView, type EnvVarView, type RegisteredClientView, type TenantView } from "~/lib/view-types";
import { AddEnvVarCard } from "../AddEnvVarCard";
import { AllowedOriginsCard, AppConnectionsCard, type AppBoundConnectionView, type BindableConnectionView } from "../AppConnectionsCard";
import { AppRenameCard } from "../AppRenameCard";
import { AppShell, PageHeader } from "../AppShell";
import { DeleteAppCard } from "../DeleteAppCard";
import { Badge } from "../Badge";
import { Card } from "../Card";
import { DataTable } from "../DataTable";
import { EnvVarRow } from "../EnvVarRow";
import { OAuthClientsCard } from "../OAuthClientsCard";

export interface AppDetailData {
  account: AccountView & { workspace: TenantView };
  app: AppView;
  env: EnvVarView[];
  /** Issue 7: the app's bound connections and allowed opener origins (absent in older fixtures). */
  connections?: AppBoundConnectionView[];
  allowedOrigins?: string[];
  /** The workspace's connections this app could be bound to (issue 17). */
  bindable?: BindableConnectionView[];
  /** The app's registered OAuth clients, for the workspace owner only (issue 15, ADR 050). */
  oauthClients?: { clients: RegisteredClientView[]; issuer: string };
}

/** One app: its environment variables, masked until revealed, and a form to add more. */
export function AppDetailPage() {
  const { account, app, env, connections, allowedOrigins, bindable, oauthClients } = useLoaderData<AppDetailData>();
  const manage = allows(account, "apps.manage");
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
          <DataTable columns={["Name", "Kind", "Value", "Updated", { hidden: "Actions" }]} rows={env} empty={<p>No variables yet. Add the first one below: it reaches this app's deployments and svc dev.</p>}>
            {(row) => <EnvVarRow key={row.key} row={row} canEdit={manage} />}
          </DataTable>
        </Card>
        {manage ? <AddEnvVarCard /> : null}
        {connections ? <AppConnectionsCard connections={connections} bindable={bindable ?? []} canManage={allows(account, "connections.manage")} /> : null}
        {allowedOrigins ? <AllowedOriginsCard origins={allowedOrigins} canEdit={manage} /> : null}
        {oauthClients ? <OAuthClientsCard clients={oauthClients.clients} issuer={oauthClients.issuer} /> : null}
        {app.kind === "app" && manage ? (
          <>
            <AppRenameCard app={app} />
            <DeleteAppCard app={app} />
          </>
        ) : null}
      </div>
    </AppShell>
  );
}
