import { useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { formatDate } from "~/lib/format";
import { connectFailureText, useConnectSdk } from "~/lib/use-connect-sdk";
import type { AccountView, FormResult, WorkspaceView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Avatar } from "../Avatar";
import { Badge } from "../Badge";
import { Card } from "../Card";
import { ConfirmSubmit } from "../ConfirmSubmit";
import { DataTable } from "../DataTable";

export interface CatalogCard {
  slug: string;
  name: string;
  description: string;
  /** Only a logo the page's CSP lets it show; otherwise initials. */
  logo: string | null;
  flow: "broker" | "first_party";
}

export interface ConnectionRow {
  id: string;
  provider: string;
  externalId: string;
  displayName: string;
  profile: string;
  createdByEmail: string | null;
  createdAt: string;
  apps: { id: string; name: string }[];
}

export interface ConnectionsData {
  account: AccountView & { workspace: WorkspaceView };
  catalog: CatalogCard[];
  connections: ConnectionRow[];
}

type Notice = { tone: "success" | "error"; text: string } | null;

/** `/connections` (issue 7 section 6): the catalog, the workspace's connections, Connect and Disconnect. */
export function ConnectionsPage() {
  const { account, catalog, connections } = useLoaderData<ConnectionsData>();
  const canManage = account.role !== "viewer";
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
      .catch((error: { code?: string; detail?: string }) => setNotice({ tone: "error", text: connectFailureText(error.code ?? "unknown_error", error.detail ?? "") }))
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
          </p>
        ) : null}
        <Card title="Catalog" description={canManage ? "Connect an account in a popup window." : "Viewers can see the catalog; members connect accounts."}>
          <ul className="catalog-grid" aria-label="Integrations">
            {catalog.map((card) => (
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
        </Card>
        <Card title="Connected accounts" description="Disconnecting removes the account from every app that uses it.">
          <DataTable columns={["Provider", "Account", "Connected by", "Connected", "Used by", { hidden: "Actions" }]} rows={connections} empty="No connections yet.">
            {(row) => <ConnectionTableRow key={row.id} row={row} providerName={names.get(row.provider) ?? row.provider} canManage={canManage} />}
          </DataTable>
        </Card>
      </div>
    </AppShell>
  );
}

function ConnectionTableRow({ row, providerName, canManage }: { row: ConnectionRow; providerName: string; canManage: boolean }) {
  const fetcher = useFetcher<FormResult>();
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.formError : undefined;
  return (
    <tr data-connection-id={row.id}>
      <th scope="row">
        {providerName} {row.profile === "broker_managed" ? <Badge tone="muted">broker</Badge> : null}
      </th>
      <td>{row.displayName}</td>
      <td>{row.createdByEmail ?? "—"}</td>
      <td className="cell-muted">{formatDate(row.createdAt)}</td>
      <td>{row.apps.length > 0 ? row.apps.map((app) => app.name).join(", ") : <span className="cell-muted">no app</span>}</td>
      <td className="cell-actions">
        {canManage ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="disconnect" />
            <input type="hidden" name="connectionId" value={row.id} />
            <ConfirmSubmit label="Disconnect" confirmLabel="Confirm disconnect" busyLabel="Disconnecting…" subject={`${providerName} ${row.displayName}`} busy={fetcher.state !== "idle"} />
          </fetcher.Form>
        ) : null}
        {error ? <p className="field-error" role="alert">{error}</p> : null}
      </td>
    </tr>
  );
}
