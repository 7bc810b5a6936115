import { useLoaderData } from "@remix-run/react";
import { creditsLabel } from "~/lib/format";
import type { LedgerPageView } from "~/lib/ledger.server";
import type { AccountView, TenantView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Card } from "../Card";
import { LedgerTable } from "../LedgerTable";

export interface BalanceData {
  account: AccountView & { workspace: TenantView };
  ledger: LedgerPageView;
}

/** The workspace's own credits: the balance and every change to it, for its members. */
export function BalancePage() {
  const { account, ledger } = useLoaderData<BalanceData>();
  return (
    <AppShell account={account}>
      <PageHeader title="Credits" description={`Balance: ${creditsLabel(account.balance ?? "0")}. Every change is listed here, newest first.`} />
      <Card title="History" description="Grants and deductions are made by the service's administrators.">
        <LedgerTable entries={ledger.entries} nextCursor={ledger.nextCursor} />
      </Card>
    </AppShell>
  );
}
