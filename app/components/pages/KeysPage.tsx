import { useLoaderData } from "@remix-run/react";
import { allows, type AccountView, type AppView, type KeyView, type TenantView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Card } from "../Card";
import { KeysTable } from "../KeysTable";
import { NewKeyCard } from "../NewKeyCard";

export interface KeysData {
  account: AccountView & { workspace: TenantView };
  keys: KeyView[];
  apps: AppView[];
}

/** The API Keys panel: issue a key for an app, see every key's use, revoke one. */
export function KeysPage() {
  const { account, keys, apps } = useLoaderData<KeysData>();
  const manage = allows(account, "keys.manage");
  return (
    <AppShell account={account}>
      <PageHeader title="API keys" description="Keys for your apps and for the svc command-line client." />
      <div className="stack-lg">
        {manage ? <NewKeyCard apps={apps} /> : <p className="field-hint">Viewers see the workspace's keys; members and owners issue and revoke them.</p>}
        <Card title="Keys" description="CLI keys come from svc login; signing in again replaces the previous one.">
          <KeysTable keys={keys} canRevoke={manage} />
        </Card>
      </div>
    </AppShell>
  );
}
