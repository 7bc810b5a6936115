import { useFetcher, useLoaderData } from "@remix-run/react";
import type { AccountView, FormResult } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Badge } from "../Badge";
import { Card } from "../Card";

export interface IntegrationEditView {
  slug: string;
  name: string;
  description: string;
  logo: string;
  flow: "broker" | "first_party";
  /** Pretty-printed JSON, edited as text. */
  oauthClientConfig: string;
  editedAt: string | null;
}

export interface AdminIntegrationsData {
  account: AccountView;
  integrations: IntegrationEditView[];
}

/** `/admin/integrations`: one form per catalog row (name, description, logo, OAuth client config). */
export function AdminIntegrationsPage() {
  const { account, integrations } = useLoaderData<AdminIntegrationsData>();
  return (
    <AppShell account={account}>
      <PageHeader
        title="Integrations"
        description="The catalog every workspace sees. A row with broker.auth_config_id uses the broker; edited rows are kept as they are when the service restarts."
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
  const id = (field: string) => `${row.slug}-${field}`;
  return (
    <Card title={row.name} description={<>
      <span className="mono">{row.slug}</span> <Badge tone="muted">{row.flow === "broker" ? "broker" : "first-party"}</Badge>
      {row.editedAt ? <Badge tone="warning">edited</Badge> : null}
    </>}>
      <fetcher.Form method="post" className="stack" aria-label={`Edit ${row.name}`}>
        <input type="hidden" name="slug" value={row.slug} />
        <label className="field-label" htmlFor={id("name")}>Name</label>
        <input className="input" id={id("name")} name="name" defaultValue={row.name} required maxLength={100} />
        <label className="field-label" htmlFor={id("description")}>Description</label>
        <input className="input" id={id("description")} name="description" defaultValue={row.description} maxLength={1000} />
        <label className="field-label" htmlFor={id("logo")}>Logo URL</label>
        <input className="input" id={id("logo")} name="logo" defaultValue={row.logo} maxLength={2048} />
        <label className="field-label" htmlFor={id("config")}>OAuth client config (JSON)</label>
        <textarea className="input mono" id={id("config")} name="oauthClientConfig" defaultValue={row.oauthClientConfig} rows={8} spellCheck={false} />
        <div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving…" : `Save ${row.name}`}
          </button>
        </div>
        {result && !result.ok ? <p className="field-error" role="alert">{result.formError}</p> : null}
        {result?.ok ? <p className="cell-muted" role="status">Saved.</p> : null}
      </fetcher.Form>
    </Card>
  );
}
