import { Link, useLoaderData } from "@remix-run/react";
import type { LedgerPageView } from "~/lib/ledger.server";
import type { AccountView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Card } from "../Card";
import { LedgerTable } from "../LedgerTable";

export interface AdminLedgerData {
  account: AccountView;
  ledger: LedgerPageView;
}

/** Administrators: one workspace's credits history. */
export function AdminLedgerPage() {
  const { account, ledger } = useLoaderData<AdminLedgerData>();
  return (
    <AppShell account={account}>
      <p className="breadcrumb">
        <Link to="/admin/credits">Credits</Link> <span aria-hidden="true">/</span>
      </p>
      <PageHeader title={ledger.name} description={`Credits history of ${ledger.slug}, newest first.`} />
      <Card title="History">
        <LedgerTable entries={ledger.entries} nextCursor={ledger.nextCursor} />
      </Card>
    </AppShell>
  );
}
