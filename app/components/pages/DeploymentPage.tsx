import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import type { AccountView, AppView, FormResult, TenantView } from "~/lib/view-types";
import { DeploymentAppField } from "../DeploymentAppField";
import { AppShell, PageHeader } from "../AppShell";
import { Badge } from "../Badge";
import { Card } from "../Card";
import { ConfirmForm } from "../ConfirmForm";
import { Field } from "../Field";
import { ManifestField } from "../ManifestField";
import { HealthBadge, type DeploymentView } from "./DeploymentsPage";
import { AgentTokensCard } from "../AgentTokensCard";
import { ShellSessionsCard } from "../ShellSessionsCard";
import type { AgentTokenResult, AgentTokenView, DeploymentEventView } from "~/lib/view-types";
import { BusySubmit } from "../BusySubmit";

export interface DeploymentData {
  account: AccountView & { workspace: TenantView };
  deployment: DeploymentView;
  canManage: boolean;
  /** Members and owners only; viewers get an empty list and no card. */
  agentTokens: AgentTokenView[];
  shellEvents: DeploymentEventView[];
  /** Where the agent dials, as flags of the printed `svc agent` command (`--api-base <url>`). */
  agentFlags?: string;
  /** The workspace's apps: the one this deployment belongs to is named and linked, and can be changed. */
  apps: AppView[];
}

/** One deployment: open it, its health, the integrations its manifest asks for, edit, delete. */
export function DeploymentPage() {
  const { account, deployment, canManage, agentTokens, shellEvents, agentFlags, apps } = useLoaderData<DeploymentData>();
  const app = apps.find((one) => one.id === deployment.appId);
  const result = useActionData<FormResult & AgentTokenResult>();
  const navigation = useNavigation();
  const pending = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <AppShell account={account}>
      <PageHeader title={deployment.name} description={deployment.upstreamUrl}>
        <a className="btn btn-primary" href={deployment.url} target="_blank" rel="noreferrer">Open</a>
      </PageHeader>
      <div className="stack-lg">
        <Card title="Status">
          <dl className="facts">
            <dt>Health</dt>
            <dd>
              <HealthBadge health={deployment.health} />{" "}
              <span className="cell-muted">
                {deployment.health.checkedAt ? `${deployment.health.detail ?? ""}, checked ${formatDate(deployment.health.checkedAt)}` : "not checked yet"}
              </span>
            </dd>
            <dt>Address</dt>
            <dd><a href={deployment.url} target="_blank" rel="noreferrer" data-testid="deployment-url">{deployment.url}</a></dd>
            <dt>Access</dt>
            <dd><Badge tone={deployment.access === "public" ? "warning" : "muted"}>{deployment.access}</Badge></dd>
            <dt>App</dt>
            <dd data-testid="deployment-app">
              <Link to={`/apps/${deployment.appId}`}>{app?.name ?? deployment.appId}</Link>
              <span className="cell-muted"> (its variables and connections reach this tool)</span>
            </dd>
          </dl>
        </Card>
        <Card title="Integrations" description="What the manifest says this tool needs.">
          {deployment.integrations.length === 0 ? (
            <p className="cell-muted">The manifest asks for no integrations.</p>
          ) : (
            <ul className="plain-list">
              {deployment.integrations.map((slug) => (
                <li key={slug}>
                  <Badge tone="muted">{slug}</Badge> <a href={`/api/oauth/${slug}/authorize?returnTo=${encodeURIComponent(`/deployments/${deployment.name}`)}`}>Connect</a>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {canManage ? <AgentTokensCard deploymentName={deployment.name} tokens={agentTokens} result={result} agentFlags={agentFlags} /> : null}
        <ShellSessionsCard events={shellEvents} />
        {canManage ? (
          <>
            <Card title="Edit">
              <Form method="post" className="stack">
                <input type="hidden" name="intent" value="update" />
                <Field label="Upstream URL" name="upstreamUrl" required defaultValue={result?.values?.upstreamUrl ?? deployment.upstreamUrl} error={result?.fieldErrors?.upstreamUrl} />
                <label className="field">
                  <span className="field-label">Access</span>
                  <select name="access" className="input" defaultValue={deployment.access}>
                    <option value="members">Members of the workspace</option>
                    <option value="public">Anyone (public)</option>
                  </select>
                </label>
                <DeploymentAppField apps={apps} defaultValue={result?.values?.appId || deployment.appId} error={result?.intent === "update" ? result.fieldErrors?.appId : undefined} />
                <ManifestField label="Manifest (vendo.yaml)" rows={8} defaultValue={result?.values?.manifest ?? deployment.manifest ?? ""} problems={result?.intent === "update" ? result.manifestProblems : undefined} />
                {result?.intent === "update" && result.formError ? <p className="form-error" role="alert">{result.formError}</p> : null}
                {result?.intent === "update" && result.ok ? <p className="form-success" role="status">Saved</p> : null}
                <div>
                  <BusySubmit className="btn btn-primary" busy={pending("update")} busyLabel="Saving…">Save</BusySubmit>
                </div>
              </Form>
            </Card>
            <Card title="Delete this deployment" description="Its address stops working at once. The tool itself keeps running wherever it runs.">
              <ConfirmForm form={Form} intent="delete" label="Delete deployment" confirmLabel="Delete now" busyLabel="Deleting…" subject={deployment.name} busy={pending("delete")} />
            </Card>
          </>
        ) : null}
      </div>
    </AppShell>
  );
}
