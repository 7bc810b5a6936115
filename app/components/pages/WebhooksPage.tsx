import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { AccountView, CreatedWebhookResult, FormResult, WebhookDeliveryView, WebhookEndpointView, TenantView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Badge } from "../Badge";
import { Card } from "../Card";
import { ConfirmForm } from "../ConfirmForm";
import { Field } from "../Field";
import { WebhookDeliveryLog } from "../WebhookDeliveryLog";
import { WebhookEventChoices } from "../WebhookEventChoices";
import { WebhookSecretBox } from "../WebhookSecretBox";
import { RotateWebhookSecret } from "../RotateWebhookSecret";
import { BusySubmit } from "../BusySubmit";

export interface WebhooksData {
  account: AccountView & { workspace: TenantView };
  endpoints: WebhookEndpointView[];
  eventTypes: string[];
  selectedId: string | null;
  deliveries: WebhookDeliveryView[];
}

/** The workspace's webhook endpoints (owner only): add one, see its deliveries, pause or remove it. */
export function WebhooksPage() {
  const { account, endpoints, eventTypes, selectedId, deliveries } = useLoaderData<WebhooksData>();
  const selected = endpoints.find((endpoint) => endpoint.id === selectedId);
  return (
    <AppShell account={account}>
      <PageHeader title="Webhooks" description="Signed HTTP calls to your systems when connections, deployments or members change." />
      <div className="stack-lg">
        <NewEndpointCard eventTypes={eventTypes} />
        <Card title="Endpoints" description="Each delivery is signed per Standard Webhooks and retried until your endpoint answers 2xx.">
          {endpoints.length === 0 ? (
            <p className="empty">No endpoints yet.</p>
          ) : (
            <ul className="plain-list" aria-label="Endpoints">
              {endpoints.map((endpoint) => (
                <EndpointRow key={endpoint.id} endpoint={endpoint} eventTypes={eventTypes} selected={endpoint.id === selectedId} />
              ))}
            </ul>
          )}
        </Card>
        {selected ? <WebhookDeliveryLog endpoint={selected} deliveries={deliveries} /> : null}
      </div>
    </AppShell>
  );
}

function NewEndpointCard({ eventTypes }: { eventTypes: string[] }) {
  const fetcher = useFetcher<CreatedWebhookResult>();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const result = fetcher.data?.intent === "create" ? fetcher.data : undefined;
  const created = result?.ok && result.created && result.created.id !== dismissed ? result.created : undefined;
  const failed = result && !result.ok ? result : undefined;
  return (
    <Card title="Add an endpoint" description="The URL must be reachable from the service; link-local and metadata addresses are refused.">
      <fetcher.Form method="post" className="stack" key={result?.ok ? result.created?.id : "new-endpoint"}>
        <input type="hidden" name="intent" value="create" />
        <Field label="URL" name="url" type="url" required maxLength={2000} placeholder="https://example.com/webhooks/svc" autoComplete="off" error={failed?.fieldErrors?.url} defaultValue={failed?.values?.url} />
        <Field label="Description" name="description" maxLength={500} autoComplete="off" hint="What it is for, shown in the list." error={failed?.fieldErrors?.description} defaultValue={failed?.values?.description} />
        <WebhookEventChoices eventTypes={eventTypes} chosen={[]} error={failed?.fieldErrors?.eventTypes} />
        <div>
          <BusySubmit className="btn btn-primary" busy={fetcher.state !== "idle"} busyLabel="Adding…">Add endpoint</BusySubmit>
        </div>
      </fetcher.Form>
      {failed?.formError ? <p className="form-error" role="alert">{failed.formError}</p> : null}
      {created ? <WebhookSecretBox secret={created.secret} url={created.url} onDone={() => setDismissed(created.id)} /> : null}
    </Card>
  );
}

function EndpointRow({ endpoint, eventTypes, selected }: { endpoint: WebhookEndpointView; eventTypes: string[]; selected: boolean }) {
  const toggle = useFetcher<FormResult>();
  const remove = useFetcher<FormResult>();
  const edit = useFetcher<FormResult>();
  const editFailed = edit.data && !edit.data.ok ? edit.data : undefined;
  const label = endpoint.description || endpoint.url;
  return (
    <li className="webhook-row">
      <div className="row-between">
        <span>
          <code>{endpoint.url}</code>
          {endpoint.description ? <span className="field-hint"> · {endpoint.description}</span> : null}
        </span>
        <Badge tone={endpoint.enabled ? "success" : "danger"}>{endpoint.enabled ? "Enabled" : "Disabled"}</Badge>
      </div>
      <p className="field-hint">{endpoint.eventTypes.length === 0 ? "All events" : endpoint.eventTypes.join(", ")}</p>
      {endpoint.disabledReason ? (
        <p className="notice notice-error" role="status">
          {endpoint.disabledReason}. Nothing is sent until you enable it again.
        </p>
      ) : null}
      <div className="row-actions">
        <Link to={selected ? "/webhooks" : `/webhooks?endpoint=${endpoint.id}`} className="btn btn-ghost btn-sm" aria-label={`Delivery log of ${label}`}>
          {selected ? "Hide log" : "Delivery log"}
        </Link>
        <toggle.Form method="post">
          <input type="hidden" name="intent" value={endpoint.enabled ? "disable" : "enable"} />
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <button type="submit" className="btn btn-ghost btn-sm" disabled={toggle.state !== "idle"} aria-label={`${endpoint.enabled ? "Disable" : "Enable"} ${label}`}>
            {endpoint.enabled ? "Disable" : "Enable"}
          </button>
        </toggle.Form>
        <ConfirmForm form={remove.Form} intent="delete" fields={{ endpointId: endpoint.id }} label="Delete" confirmLabel="Delete endpoint" busyLabel="Deleting…" subject={label} busy={remove.state !== "idle"} />
      </div>
      <RotateWebhookSecret endpointId={endpoint.id} url={endpoint.url} previousSecretExpiresAt={endpoint.previousSecretExpiresAt} />
      <details>
        <summary>Edit</summary>
        <edit.Form method="post" className="stack">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <Field label="URL" name="url" type="url" required maxLength={2000} defaultValue={endpoint.url} error={editFailed?.fieldErrors?.url} />
          <Field label="Description" name="description" maxLength={500} defaultValue={endpoint.description} error={editFailed?.fieldErrors?.description} />
          <WebhookEventChoices eventTypes={eventTypes} chosen={endpoint.eventTypes} error={editFailed?.fieldErrors?.eventTypes} />
          <div>
            <BusySubmit className="btn btn-primary btn-sm" busy={edit.state !== "idle"} busyLabel="Saving…">Save</BusySubmit>
          </div>
          {editFailed?.formError ? <p className="form-error" role="alert">{editFailed.formError}</p> : null}
        </edit.Form>
      </details>
    </li>
  );
}
