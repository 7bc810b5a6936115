import { useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { AccountView, FormResult } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Badge } from "../Badge";
import { Card } from "../Card";
import { Field } from "../Field";
import { BusySubmit } from "../BusySubmit";

/** One catalog row as the editor shows it: the OAuth client fields one by one (issue 17). */
export interface IntegrationEditView {
  slug: string;
  name: string;
  description: string;
  logo: string;
  flow: "broker" | "first_party";
  enabled: boolean;
  configured: boolean;
  notConfiguredReason: string | null;
  editedAt: string | null;
  broker: { authConfigId: string; toolkitSlug: string };
  firstParty: { authorizeUrl: string; tokenUrl: string; scopes: string; apiBaseUrl: string };
  /** The rest of `oauth_client_config` (discovery, account...), pretty-printed JSON. */
  otherSettings: string;
}

export interface AdminIntegrationsData {
  account: AccountView;
  integrations: IntegrationEditView[];
}

/** `/admin/integrations`: one form per catalog row. */
export function AdminIntegrationsPage() {
  const { account, integrations } = useLoaderData<AdminIntegrationsData>();
  return (
    <AppShell account={account}>
      <PageHeader
        title="Integrations"
        description="The catalog every workspace sees. A row is offered to members when it is enabled and configured; rows you save here keep your edits when the service restarts."
      />
      <div className="stack-lg">
        {integrations.map((row) => (
          <IntegrationForm key={row.slug} row={row} />
        ))}
      </div>
    </AppShell>
  );
}

function IntegrationForm({ row }: { row: IntegrationEditView }) {
  const fetcher = useFetcher<FormResult>();
  const result = fetcher.data;
  const [flow, setFlow] = useState(row.flow);
  const id = (field: string) => `${row.slug}-${field}`;
  return (
    <Card
      title={row.name}
      description={
        <>
          <span className="mono">{row.slug}</span> <Badge tone="muted">{row.flow === "broker" ? "broker" : "first-party"}</Badge>{" "}
          {row.enabled ? null : <Badge tone="muted">disabled</Badge>} {row.configured ? null : <Badge tone="warning">not configured</Badge>}{" "}
          {row.editedAt ? <Badge tone="warning">edited</Badge> : null}
          {row.notConfiguredReason ? <span className="field-hint integration-reason">{row.notConfiguredReason}</span> : null}
        </>
      }
    >
      <fetcher.Form method="post" className="stack" aria-label={`Edit ${row.name}`}>
        <input type="hidden" name="slug" value={row.slug} />
        <label className="checkbox-row">
          <input type="checkbox" name="enabled" defaultChecked={row.enabled} /> Offered to workspaces (enabled)
        </label>
        <Field label="Name" name="name" defaultValue={row.name} required maxLength={100} />
        <Field label="Description" name="description" defaultValue={row.description} maxLength={1000} />
        <Field label="Logo URL" name="logo" defaultValue={row.logo} maxLength={2048} hint="https://, a path on this service, or a data: URL; the service fetches it for the dashboard." />
        <div className="field">
          <label className="field-label" htmlFor={id("flow")}>Flow</label>
          <select className="input select" id={id("flow")} name="flow" value={flow} onChange={(event) => setFlow(event.target.value as IntegrationEditView["flow"])}>
            <option value="broker">Through the broker</option>
            <option value="first_party">First-party OAuth (this service's own client)</option>
          </select>
        </div>
        {flow === "broker" ? (
          <fieldset className="stack fieldset">
            <legend className="field-label">Broker</legend>
            <Field label="Broker auth config id" name="authConfigId" defaultValue={row.broker.authConfigId} maxLength={200} hint="From the broker's dashboard, e.g. ac_1a2b3c." />
            <Field label="Toolkit slug" name="toolkitSlug" defaultValue={row.broker.toolkitSlug} maxLength={100} />
          </fieldset>
        ) : (
          <fieldset className="stack fieldset">
            <legend className="field-label">First-party OAuth client</legend>
            <Field label="Authorize URL" name="authorizeUrl" type="url" defaultValue={row.firstParty.authorizeUrl} maxLength={2048} />
            <Field label="Token URL" name="tokenUrl" type="url" defaultValue={row.firstParty.tokenUrl} maxLength={2048} />
            <Field label="Scopes" name="scopes" defaultValue={row.firstParty.scopes} maxLength={2000} hint="Separated by spaces." />
            <Field label="API base URL" name="apiBaseUrl" type="url" defaultValue={row.firstParty.apiBaseUrl} maxLength={2048} hint="Where the provider proxy sends calls." />
          </fieldset>
        )}
        <div className="field">
          <label className="field-label" htmlFor={id("other")}>Other settings (JSON)</label>
          <textarea className="input mono" id={id("other")} name="otherSettings" defaultValue={row.otherSettings} rows={Math.min(14, Math.max(3, row.otherSettings.split("\n").length))} spellCheck={false} />
          <p className="field-hint">Anything else of oauth_client_config, such as discovery and account: an object, {"{}"} for none.</p>
        </div>
        <div>
          <BusySubmit className="btn btn-primary btn-sm" busy={fetcher.state !== "idle"} busyLabel="Saving…">{`Save ${row.name}`}</BusySubmit>
        </div>
        {result && !result.ok ? <p className="field-error" role="alert">{result.formError}</p> : null}
        {result?.ok ? <p className="cell-muted" role="status">Saved.</p> : null}
      </fetcher.Form>
    </Card>
  );
}
