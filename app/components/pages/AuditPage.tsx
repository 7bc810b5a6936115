import { Form, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import type { AuditPageView } from "~/lib/audit.server";
import { auditActionName, auditActorLabel, auditChangesLabel, auditTargetLabel } from "~/lib/audit-labels";
import { formatDateTime } from "~/lib/format";
import type { AccountView, TenantView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Card } from "../Card";
import { DataTable } from "../DataTable";
import { Pager } from "../Pager";

export interface AuditData {
  account: AccountView & { workspace: TenantView };
  audit: AuditPageView;
}

/**
 * The workspace audit log (ADR 047), for its owner: filters in a plain GET form (so a
 * filtered view is a link to share), newest first with cursor paging, and the filtered range
 * as a CSV or JSON Lines download from the REST export.
 */
export function AuditPage() {
  const { account, audit } = useLoaderData<AuditData>();
  const { filters } = audit;
  const id = useId();
  const exportHref = (format: "csv" | "jsonl") => `/api/audit-log/export?format=${format}${audit.exportQuery ? `&${audit.exportQuery}` : ""}`;
  return (
    <AppShell account={account}>
      <PageHeader title="Audit log" description="Who did what in this workspace, newest first. Each row is chained to the one before it, so an edited or removed row shows." />
      <Card title="Filters">
        <Form method="get" className="audit-filters" role="search" aria-label="Filter the audit log">
          <div className="field">
            <label className="field-label" htmlFor={`${id}-actor`}>Actor</label>
            <input className="input" id={`${id}-actor`} name="actor" defaultValue={filters.actor} placeholder="Email or id" />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-action`}>Action</label>
            <select className="input select" id={`${id}-action`} name="action" defaultValue={filters.action}>
              <option value="">All actions</option>
              {audit.actions.map((action) => (
                <option key={action} value={action}>{auditActionName(action)}</option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-from`}>From</label>
            <input className="input" type="date" id={`${id}-from`} name="from" defaultValue={filters.from} />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-to`}>To</label>
            <input className="input" type="date" id={`${id}-to`} name="to" defaultValue={filters.to} />
          </div>
          <div className="row-actions audit-filter-actions">
            <button type="submit" className="btn btn-primary btn-sm">Apply</button>
            <a className="btn btn-ghost btn-sm" href="/audit">Clear</a>
          </div>
        </Form>
        {audit.filterError ? (
          <p className="field-error" role="alert">{audit.filterError}</p>
        ) : null}
      </Card>
      <Card
        title="Entries"
        description={
          <span className="row-actions">
            Export these rows:
            <a className="btn btn-secondary btn-sm" href={exportHref("csv")} download>CSV</a>
            <a className="btn btn-secondary btn-sm" href={exportHref("jsonl")} download>JSON Lines</a>
          </span>
        }
      >
        <DataTable columns={["Action", "Time", "Actor", "Target", "Details", "Address"]} rows={audit.entries} empty={<p>No entries match these filters.</p>}>
          {(entry) => (
            <tr key={entry.id} data-testid="audit-row">
              <td>
                <span className="cell-title">{auditActionName(entry.action)}</span>
                <span className="cell-sub mono">{entry.action}</span>
              </td>
              <td>{formatDateTime(entry.time)}</td>
              <td>{auditActorLabel(entry.actor)}</td>
              <td className="audit-details" title={entry.target ? `${entry.target.type} ${entry.target.id}` : undefined}>{auditTargetLabel(entry.target, entry.changes)}</td>
              <td className="audit-details">{auditChangesLabel(entry.changes) || "—"}</td>
              <td>{entry.address ?? "—"}</td>
            </tr>
          )}
        </DataTable>
        <Pager nextCursor={audit.nextCursor} label="Audit log pages" />
      </Card>
    </AppShell>
  );
}
