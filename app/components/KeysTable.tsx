import { useFetcher } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import type { FormResult, KeyView } from "~/lib/view-types";
import { Badge } from "./Badge";
import { ConfirmForm } from "./ConfirmForm";
import { DataTable } from "./DataTable";
import { formErrorOf } from "~/lib/form-error";

/** Every key of the workspace, never the key itself: its prefix, owner and use. */
export function KeysTable({ keys, canRevoke = true }: { keys: KeyView[]; canRevoke?: boolean }) {
  return (
    <DataTable
      columns={["Key", "App", "Issued by", "Created", "Last used", "Status", { hidden: "Actions" }]}
      rows={keys}
      empty={<p>No keys yet. Create one above for the app that will use it.</p>}
    >
      {(key) => <KeyRow key={key.id} apiKey={key} canRevoke={canRevoke} />}
    </DataTable>
  );
}

function KeyRow({ apiKey: key, canRevoke }: { apiKey: KeyView; canRevoke: boolean }) {
  const revoker = useFetcher<FormResult>();
  const active = !key.revokedAt;
  const error = formErrorOf(revoker.data);
  return (
    <tr className={active ? undefined : "is-muted"}>
      <th scope="row">
        <span className="cell-title">{key.name ?? <span className="cell-muted">Unnamed key</span>}</span>
        <span className="cell-sub mono">{key.prefix}…</span>
      </th>
      <td>
        {key.appName || "—"} {key.purpose === "cli" ? <Badge tone="muted">CLI</Badge> : null}
      </td>
      <td>{key.issuedBy}</td>
      <td className="cell-muted">{formatDate(key.createdAt)}</td>
      <td className="cell-muted">{key.lastUsedAt ? formatDate(key.lastUsedAt) : "never"}</td>
      <td>
        {active ? <Badge tone="success">active</Badge> : <Badge tone="muted">revoked</Badge>}
      </td>
      <td className="cell-actions">
        {active && canRevoke ? (
          <ConfirmForm form={revoker.Form} intent="revoke" fields={{ keyId: key.id }} label="Revoke" confirmLabel="Confirm revoke" busyLabel="Revoking…" subject={key.name ? `key ${key.name}` : `key ${key.prefix}`} busy={revoker.state !== "idle"} />
        ) : null}
        {error ? <p className="field-error" role="alert">{error}</p> : null}
      </td>
    </tr>
  );
}
