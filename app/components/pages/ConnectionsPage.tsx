import { useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { formatDate } from "~/lib/format";
import { connectFailureText, useConnectSdk } from "~/lib/use-connect-sdk";
import { allows, type AccountView, type FormResult, type TenantView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Avatar } from "../Avatar";
import { Badge } from "../Badge";
import { Card } from "../Card";
import { ConfirmForm } from "../ConfirmForm";
import { DataTable } from "../DataTable";
import { ConnectionStatusBadge, type ConnectionStatusView } from "../ConnectionStatusBadge";
import { BusySubmit } from "../BusySubmit";
import { formErrorOf } from "~/lib/form-error";

export interface CatalogCard {
  slug: string;
  name: string;
  description: string;
  /** A same-origin or data: logo (remote ones come through the service); otherwise initials. */
  logo: string | null;
  flow: "broker" | "first_party";
  /** False: no flow can start from this row (not offered to members); the reason says why. */
  configured: boolean;
  notConfiguredReason: string | null;
  /** False only in an administrator's listing: a disabled row, never offered here. */
  enabled: boolean;
}

export interface AppChoice {
  id: string;
  name: string;
}

export interface ConnectionRow {
  id: string;
  provider: string;
  externalId: string;
  displayName: string;
  profile: string;
  status: ConnectionStatusView;
  statusReason: string | null;
  statusChangedAt: string;
  createdByEmail: string | null;
  createdAt: string;
  apps: { id: string; name: string }[];
}

export interface ConnectionsData {
  account: AccountView & { workspace: TenantView };
  catalog: CatalogCard[];
  connections: ConnectionRow[];
  /** The workspace's apps, to bind a connection to. */
  apps: AppChoice[];
}

/** What the last connect said; `action` offers the next step (switching a reconnect to the other account). */
type Notice = { tone: "success" | "error"; text: string; action?: { label: string; run: () => void } } | null;

type ConnectFailure = { code?: string; detail?: string };

/** `/connections` (issue 7 section 6): the catalog, the workspace's connections, Connect and Disconnect. */
export function ConnectionsPage() {
  const { account, catalog, connections, apps } = useLoaderData<ConnectionsData>();
  const canManage = allows(account, "connections.manage");
  const offered = catalog.filter((card) => card.enabled && card.configured);
  // Only administrators can fix these (Admin → Integrations), so only they are told.
  const notConfigured = account.isAdmin ? catalog.filter((card) => card.enabled && !card.configured) : [];
  const connect = useConnectSdk();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const names = new Map(catalog.map((card) => [card.slug, card.name]));

  // Synchronous up to connect(): the popup must open inside the click.
  const onConnect = (card: CatalogCard) => {
    if (!connect) return;
    setBusy(card.slug);
    setNotice(null);
    connect({ provider: card.slug, returnTo: "/connections" })
      .then((done) => setNotice({ tone: "success", text: `Connected ${card.name} as ${done.display_name}.` }))
      .catch((error: ConnectFailure) => setNotice({ tone: "error", text: connectFailureText(error.code ?? "unknown_error", error.detail ?? "") }))
      .finally(() => {
        setBusy(null);
        revalidator.revalidate();
      });
  };

  /**
   * Reconnect in place (issue 19): the same popup, updating this connection (same id, its
   * apps keep it). Signing in to another account is refused; the notice then offers the
   * switch, whose button opens the popup again inside its own click.
   */
  const onReconnect = (row: ConnectionRow, switchAccount = false) => {
    if (!connect) return;
    const label = `${names.get(row.provider) ?? row.provider} ${row.displayName}`;
    setBusy(row.id);
    setNotice(null);
    connect({ provider: row.provider, reconnect: row.id, switchAccount, returnTo: "/connections" })
      .then((done) => setNotice({ tone: "success", text: `Reconnected ${label}${done.display_name !== row.displayName ? ` (now ${done.display_name})` : ""}.` }))
      .catch((error: ConnectFailure) => {
        const text = connectFailureText(error.code ?? "unknown_error", error.detail ?? "");
        setNotice(
          error.code === "reconnect_account_mismatch"
            ? { tone: "error", text, action: { label: `Switch ${label} to the other account`, run: () => onReconnect(row, true) } }
            : { tone: "error", text },
        );
      })
      .finally(() => {
        setBusy(null);
        revalidator.revalidate();
      });
  };

  return (
    <AppShell account={account}>
      <PageHeader title="Connections" description="Third-party accounts your workspace has connected, and the apps that use them." />
      <div className="stack-lg">
        {notice ? (
          <p className={notice.tone === "success" ? "notice notice-success" : "notice notice-error"} role={notice.tone === "error" ? "alert" : "status"} data-testid="connect-notice">
            {notice.text}
            {notice.action ? (
              <>
                {" "}
                <button type="button" className="btn btn-secondary btn-sm" disabled={!connect || busy !== null} onClick={notice.action.run}>
                  {notice.action.label}
                </button>
              </>
            ) : null}
          </p>
        ) : null}
        <Card title="Catalog" description={canManage ? "Connect an account in a popup window." : "Viewers can see the catalog; members connect accounts."}>
          <ul className="catalog-grid" aria-label="Integrations">
            {offered.map((card) => (
              <li key={card.slug} className="catalog-card" data-provider={card.slug}>
                <Avatar src={card.logo} name={card.name} shape="square" size="md" />
                <div className="catalog-card-text">
                  <h3 className="catalog-card-title">{card.name}</h3>
                  {card.description ? <p className="cell-muted">{card.description}</p> : null}
                </div>
                {canManage ? (
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={`Connect ${card.name}`}
                    disabled={!connect || busy !== null}
                    onClick={() => onConnect(card)}
                  >
                    {busy === card.slug ? "Connecting…" : "Connect"}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {offered.length === 0 ? <p className="cell-muted">No integration is ready to connect yet.</p> : null}
          {notConfigured.length > 0 ? (
            <div className="stack-sm not-configured" data-testid="not-configured">
              <p className="cell-muted">
                Not offered to members until configured (only administrators see this; fix them on <a href="/admin/integrations">Admin → Integrations</a>):
              </p>
              <ul className="plain-list">
                {notConfigured.map((card) => (
                  <li key={card.slug} data-provider={card.slug}>
                    <strong>{card.name}</strong> <Badge tone="warning">not configured</Badge> <span className="cell-muted">{card.notConfiguredReason}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Card>
        <Card title="Connected accounts" description="Disconnecting removes the account from every app that uses it.">
          <DataTable columns={["Provider", "Account", "Status", "Connected by", "Connected", "Used by", { hidden: "Actions" }]} rows={connections} empty="No connections yet.">
            {(row) => (
              <ConnectionTableRow
                key={row.id}
                row={row}
                providerName={names.get(row.provider) ?? row.provider}
                canManage={canManage}
                apps={apps}
                reconnect={connect && busy === null ? () => onReconnect(row) : null}
                reconnecting={busy === row.id}
              />
            )}
          </DataTable>
        </Card>
      </div>
    </AppShell>
  );
}

function ConnectionTableRow({
  row,
  providerName,
  canManage,
  apps,
  reconnect,
  reconnecting,
}: {
  row: ConnectionRow;
  providerName: string;
  canManage: boolean;
  apps: AppChoice[];
  /** Starts the reconnect popup; null while the SDK loads or another popup is open. */
  reconnect: (() => void) | null;
  reconnecting: boolean;
}) {
  const fetcher = useFetcher<FormResult>();
  const error = formErrorOf(fetcher.data);
  const unbound = apps.filter((app) => !row.apps.some((bound) => bound.id === app.id));
  return (
    <tr data-connection-id={row.id}>
      <th scope="row">
        {providerName} {row.profile === "broker_managed" ? <Badge tone="muted">broker</Badge> : null}
      </th>
      <td>{row.displayName}</td>
      <td>
        <ConnectionStatusBadge status={row.status} reason={row.statusReason} />
      </td>
      <td className="cell-key">{row.createdByEmail ?? "—"}</td>
      <td className="cell-muted">{formatDate(row.createdAt)}</td>
      <td>
        <BindingsCell row={row} providerName={providerName} canManage={canManage} />
      </td>
      <td className="cell-actions connection-actions">
        {canManage && row.status !== "active" ? (
          <button type="button" className="btn btn-primary btn-sm" aria-label={`Reconnect ${providerName} ${row.displayName}`} disabled={!reconnect} onClick={() => reconnect?.()}>
            {reconnecting ? "Reconnecting…" : "Reconnect"}
          </button>
        ) : null}
        {canManage ? <RenameForm row={row} providerName={providerName} /> : null}
        {canManage && unbound.length > 0 ? <BindForm row={row} providerName={providerName} unbound={unbound} /> : null}
        {canManage ? (
          <ConfirmForm form={fetcher.Form} intent="disconnect" fields={{ connectionId: row.id }} label="Disconnect" confirmLabel="Confirm disconnect" busyLabel="Disconnecting…" subject={`${providerName} ${row.displayName}`} busy={fetcher.state !== "idle"} />
        ) : null}
        {error ? <p className="field-error" role="alert">{error}</p> : null}
      </td>
    </tr>
  );
}

/**
 * The apps a connection is bound to (issue 17, 1.3), each with Unbind for members; viewers
 * see the apps only.
 */
function BindingsCell({ row, providerName, canManage }: { row: ConnectionRow; providerName: string; canManage: boolean }) {
  if (row.apps.length === 0) return <span className="cell-muted">no app</span>;
  return (
    <ul className="bound-apps" aria-label={`Apps using ${providerName} ${row.displayName}`}>
      {row.apps.map((app) => (
        <BoundApp key={app.id} app={app} provider={row.provider} connectionLabel={`${providerName} ${row.displayName}`} canManage={canManage} />
      ))}
    </ul>
  );
}

/** The connection's own name: two accounts of one provider are told apart by it (issue 19). */
function RenameForm({ row, providerName }: { row: ConnectionRow; providerName: string }) {
  const rename = useFetcher<FormResult>();
  const renameError = formErrorOf(rename.data);
  return (
    <details className="rename-connection">
      <summary>Rename</summary>
      <rename.Form method="post" className="inline-form" aria-label={`Rename ${providerName} ${row.displayName}`}>
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="connectionId" value={row.id} />
        <input className="input input-sm" name="displayName" aria-label="Name" defaultValue={row.displayName} maxLength={100} required />
        <BusySubmit className="btn btn-secondary btn-sm" busy={rename.state !== "idle"} busyLabel="Saving…">Save name</BusySubmit>
        {renameError ? <p className="field-error" role="alert">{renameError}</p> : null}
      </rename.Form>
    </details>
  );
}

/** Binds the connection to another app (an app has one connection per provider: this replaces its earlier one). */
function BindForm({ row, providerName, unbound }: { row: ConnectionRow; providerName: string; unbound: AppChoice[] }) {
  const bind = useFetcher<FormResult>();
  const bindError = formErrorOf(bind.data);
  return (
    <bind.Form method="post" className="inline-form bind-app-form" aria-label={`Bind ${providerName} ${row.displayName} to an app`}>
      <input type="hidden" name="intent" value="bind" />
      <input type="hidden" name="connectionId" value={row.id} />
      <select className="input input-sm" name="appId" aria-label="App" defaultValue={unbound[0]!.id}>
        {unbound.map((app) => (
          <option key={app.id} value={app.id}>
            {app.name}
          </option>
        ))}
      </select>
      <BusySubmit className="btn btn-secondary btn-sm" busy={bind.state !== "idle"} busyLabel="Binding…">Bind</BusySubmit>
      {bindError ? <p className="field-error" role="alert">{bindError}</p> : null}
    </bind.Form>
  );
}
function BoundApp({ app, provider, connectionLabel, canManage }: { app: AppChoice; provider: string; connectionLabel: string; canManage: boolean }) {
  const unbind = useFetcher<FormResult>();
  const error = formErrorOf(unbind.data);
  return (
    <li className="bound-app">
      <a href={`/apps/${app.id}`}>{app.name}</a>
      {canManage ? (
        <unbind.Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="unbind" />
          <input type="hidden" name="appId" value={app.id} />
          <input type="hidden" name="provider" value={provider} />
          <BusySubmit className="btn btn-ghost btn-sm" aria-label={`Unbind ${connectionLabel} from ${app.name}`} busy={unbind.state !== "idle"} busyLabel="Unbinding…">Unbind</BusySubmit>
        </unbind.Form>
      ) : null}
      {error ? <p className="field-error" role="alert">{error}</p> : null}
    </li>
  );
}
