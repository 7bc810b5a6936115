import { creditsLabel, formatDateTime } from "~/lib/format";
import type { LedgerEntryView } from "~/lib/view-types";
import { Badge } from "./Badge";
import { DataTable } from "./DataTable";
import { Pager } from "./Pager";

const KIND_LABELS: Record<LedgerEntryView["kind"], string> = {
  welcome_grant: "Welcome grant",
  admin_grant: "Grant",
  admin_deduct: "Deduction",
};

/** A workspace's credits history, newest first, a page at a time: when, what, how much, who and why. */
export function LedgerTable({ entries, nextCursor }: { entries: LedgerEntryView[]; nextCursor: string | null }) {
  return (
    <>
      <DataTable
        columns={["When", "Kind", "Amount", "By", "Reference"]}
        rows={entries}
        empty={<p>No credit changes yet. Grants and deductions appear here as they happen.</p>}
      >
        {(entry) => (
          <tr key={entry.id}>
            <th scope="row" className="cell-nowrap">{formatDateTime(entry.createdAt)}</th>
            <td>
              <Badge tone={entry.kind === "admin_deduct" ? "danger" : "success"}>{KIND_LABELS[entry.kind]}</Badge>
            </td>
            <td className="mono cell-nowrap">{entry.amount.startsWith("-") ? creditsLabel(entry.amount) : `+${creditsLabel(entry.amount)}`}</td>
            <td>{entry.by ?? <span className="cell-muted">svc</span>}</td>
            <td className="cell-key">{entry.reference ?? <span className="cell-muted">—</span>}</td>
          </tr>
        )}
      </DataTable>
      <Pager nextCursor={nextCursor} label="Credits history pages" />
    </>
  );
}
