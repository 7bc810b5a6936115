import { Link, useFetcher } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import type { FormResult } from "~/lib/view-types";
import { Badge } from "./Badge";
import { ConnectionStatusBadge, type ConnectionStatusView } from "./ConnectionStatusBadge";
import { Card } from "./Card";
import { DataTable } from "./DataTable";
import { BusySubmit } from "./BusySubmit";
import { formErrorOf } from "~/lib/form-error";

export interface AppBoundConnectionView {
  provider: string;
  connectionId: string;
  externalId: string;
  displayName: string;
  profile: string;
  status: ConnectionStatusView;
  statusReason: string | null;
  createdAt: string;
}

/** A workspace connection the app may be bound to. */
export interface BindableConnectionView {
  id: string;
  provider: string;
  displayName: string;
}

/**
 * The app's bound connections (one per provider), as its deployed tool sees them; members
 * unbind one and bind another of the workspace's connections (binding replaces the app's
 * connection of that provider). Viewers see the table only.
 */
export function AppConnectionsCard({ connections, bindable, canManage }: { connections: AppBoundConnectionView[]; bindable: BindableConnectionView[]; canManage: boolean }) {
  const columns = canManage ? ["Provider", "Account", "Status", "Connection id", "Connected", { hidden: "Actions" }] : ["Provider", "Account", "Status", "Connection id", "Connected"];
  const choices = bindable.filter((option) => !connections.some((bound) => bound.connectionId === option.id));
  return (
    <Card
      title="Connections"
      description={<>Bound accounts this app reaches through the provider proxy; connect new ones on <Link to="/connections">Connections</Link>.</>}
    >
      <DataTable columns={columns} rows={connections} empty="No connection is bound to this app.">
        {(row) => <BoundConnectionRow key={row.provider} row={row} canManage={canManage} />}
      </DataTable>
      {canManage && choices.length > 0 ? <BindConnectionForm choices={choices} /> : null}
    </Card>
  );
}

function BoundConnectionRow({ row, canManage }: { row: AppBoundConnectionView; canManage: boolean }) {
  const unbind = useFetcher<FormResult>();
  const error = formErrorOf(unbind.data);
  return (
    <tr>
      <th scope="row">
        {row.provider} {row.profile === "broker_managed" ? <Badge tone="muted">broker</Badge> : null}
      </th>
      <td>{row.displayName}</td>
      <td>
        <ConnectionStatusBadge status={row.status} reason={row.statusReason} />
        {row.status !== "active" ? (
          <>
            {" "}
            <Link to="/connections">Reconnect on Connections</Link>
          </>
        ) : null}
      </td>
      <td className="mono">{row.externalId}</td>
      <td className="cell-muted">{formatDate(row.createdAt)}</td>
      {canManage ? (
        <td className="cell-actions">
          <unbind.Form method="post">
            <input type="hidden" name="intent" value="unbind" />
            <input type="hidden" name="provider" value={row.provider} />
            <BusySubmit className="btn btn-secondary btn-sm" aria-label={`Unbind ${row.provider} ${row.displayName}`} busy={unbind.state !== "idle"} busyLabel="Unbinding…">Unbind</BusySubmit>
          </unbind.Form>
          {error ? <p className="field-error" role="alert">{error}</p> : null}
        </td>
      ) : null}
    </tr>
  );
}

function BindConnectionForm({ choices }: { choices: BindableConnectionView[] }) {
  const bind = useFetcher<FormResult>();
  const result = bind.data?.intent === "bind" ? bind.data : undefined;
  return (
    <bind.Form method="post" className="inline-form bind-form" aria-label="Bind a connection">
      <input type="hidden" name="intent" value="bind" />
      <label className="field-label" htmlFor="bind-connection">Bind a connection</label>
      <select className="input input-sm" id="bind-connection" name="connectionId" defaultValue={choices[0]!.id}>
        {choices.map((option) => (
          <option key={option.id} value={option.id}>
            {option.provider}: {option.displayName}
          </option>
        ))}
      </select>
      <BusySubmit className="btn btn-secondary btn-sm" busy={bind.state !== "idle"} busyLabel="Binding…">Bind</BusySubmit>
      {result && !result.ok ? <p className="field-error" role="alert">{result.formError}</p> : null}
    </bind.Form>
  );
}

/**
 * The origins allowed to open the connect popup for this app (issue 7 section 2): one per
 * line, each an exact `scheme://host[:port]`.
 */
export function AllowedOriginsCard({ origins, canEdit }: { origins: string[]; canEdit: boolean }) {
  const fetcher = useFetcher<FormResult>();
  const result = fetcher.data?.intent === "origins" ? fetcher.data : undefined;
  return (
    <Card title="Allowed origins" description="Web pages on these origins may open the connect popup for this app with the browser SDK.">
      <fetcher.Form method="post" className="stack" aria-label="Allowed origins">
        <input type="hidden" name="intent" value="origins" />
        <label className="field-label" htmlFor="allowed-origins">One origin per line, e.g. https://tool.example.com</label>
        <textarea
          className="input mono"
          id="allowed-origins"
          name="origins"
          rows={4}
          defaultValue={origins.join("\n")}
          readOnly={!canEdit}
          spellCheck={false}
        />
        {canEdit ? (
          <div>
            <BusySubmit className="btn btn-primary btn-sm" busy={fetcher.state !== "idle"} busyLabel="Saving…">Save origins</BusySubmit>
          </div>
        ) : null}
        {result && !result.ok ? <p className="field-error" role="alert">{result.formError}</p> : null}
        {result?.ok ? <p className="cell-muted" role="status">Saved.</p> : null}
      </fetcher.Form>
    </Card>
  );
}
