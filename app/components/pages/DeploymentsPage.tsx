import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import type { AccountView, AppView, DeploymentView, FormResult, TenantView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Badge, type BadgeTone } from "../Badge";
import { Card } from "../Card";
import { DataTable } from "../DataTable";
import { Field } from "../Field";
import { ManifestField } from "../ManifestField";
import { DeploymentAppField } from "../DeploymentAppField";
import { BusySubmit } from "../BusySubmit";

export type { DeploymentView };

export interface DeploymentsData {
  account: AccountView & { workspace: TenantView };
  deployments: DeploymentView[];
  canManage: boolean;
  /** The workspace's apps, for the registration form's App choice. */
  apps: AppView[];
}

const HEALTH_TONE: Record<DeploymentView["health"]["status"], BadgeTone> = { healthy: "success", unhealthy: "danger", unknown: "muted" };

export function HealthBadge({ health }: { health: DeploymentView["health"] }) {
  return (
    <span title={health.detail ?? "Not checked yet"}>
      <Badge tone={HEALTH_TONE[health.status]}>{health.status}</Badge>
    </span>
  );
}

/** The workspace's deployed tools: status, address, and a form to register another. */
export function DeploymentsPage() {
  const { account, deployments, canManage, apps } = useLoaderData<DeploymentsData>();
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <AppShell account={account}>
      <PageHeader title="Deployments" description="Tools your workspace runs. Members open them signed in; the tool receives who they are." />
      <div className="stack-lg">
        <Card title="Your deployments">
          <DataTable columns={["Name", "Health", "Access", "Address", "Created"]} rows={deployments} empty="No deployments yet. Register your first tool below.">
            {(deployment) => (
              <tr key={deployment.id}>
                <th scope="row">
                  <Link to={`/deployments/${deployment.name}`}>{deployment.name}</Link>
                </th>
                <td><HealthBadge health={deployment.health} /></td>
                <td><Badge tone={deployment.access === "public" ? "warning" : "muted"}>{deployment.access}</Badge></td>
                <td>
                  <a href={deployment.url} target="_blank" rel="noreferrer">{deployment.url}</a>
                </td>
                <td className="cell-muted">{formatDate(deployment.createdAt)}</td>
              </tr>
            )}
          </DataTable>
        </Card>
        {canManage ? (
          <Card title="Register a deployment" description="Where the tool listens; the service puts it behind sign-in at its own address.">
            <Form method="post" className="stack">
              <Field label="Name" name="name" placeholder="reports" required maxLength={40} autoComplete="off" defaultValue={result?.values?.name} error={result?.fieldErrors?.name} />
              <Field label="Upstream URL" name="upstreamUrl" placeholder="http://127.0.0.1:8080" required autoComplete="off" defaultValue={result?.values?.upstreamUrl} error={result?.fieldErrors?.upstreamUrl} />
              <label className="field">
                <span className="field-label">Access</span>
                <select name="access" className="input" defaultValue={result?.values?.access ?? "members"}>
                  <option value="members">Members of the workspace</option>
                  <option value="public">Anyone (public)</option>
                </select>
              </label>
              <DeploymentAppField apps={apps} defaultValue={result?.values?.appId || undefined} error={result?.fieldErrors?.appId} />
              <ManifestField label="Manifest (vendo.yaml, optional)" rows={6} defaultValue={result?.values?.manifest} problems={result?.manifestProblems} />
              {result?.formError ? <p className="form-error" role="alert">{result.formError}</p> : null}
              <div>
                <BusySubmit className="btn btn-primary" busy={busy} busyLabel="Registering…">Register deployment</BusySubmit>
              </div>
            </Form>
          </Card>
        ) : null}
      </div>
    </AppShell>
  );
}
