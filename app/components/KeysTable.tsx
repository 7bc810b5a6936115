import { useFetcher } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import type { FormResult, KeyView } from "~/lib/view-types";
import { Badge } from "./Badge";
import { ConfirmSubmit } from "./ConfirmSubmit";

/** Every key of the workspace, never the key itself: its prefix, owner and use. */
export function KeysTable({ keys }: { keys: KeyView[] }) {
  if (keys.length === 0) return <p className="empty">No keys yet.</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">App</th>
            <th scope="col">Issued by</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <KeyRow key={key.id} apiKey={key} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function KeyRow({ apiKey: key }: { apiKey: KeyView }) {
  const revoker = useFetcher<FormResult>();
  const active = !key.revokedAt;
  const error = revoker.data && !revoker.data.ok ? revoker.data.formError : undefined;
  return (
    <tr className={active ? undefined : "is-muted"}>
      <th scope="row" className="mono">{key.prefix}…</th>
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
        {active ? (
          <revoker.Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="keyId" value={key.id} />
            <ConfirmSubmit label="Revoke" confirmLabel="Confirm revoke" busyLabel="Revoking…" subject={`key ${key.prefix}`} busy={revoker.state !== "idle"} />
          </revoker.Form>
        ) : null}
        {error ? <p className="field-error" role="alert">{error}</p> : null}
      </td>
    </tr>
  );
}
