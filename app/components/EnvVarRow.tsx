import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formatDate } from "~/lib/format";
import type { EnvVarView, FormResult } from "~/lib/view-types";
import { Badge } from "./Badge";
import { ConfirmForm } from "./ConfirmForm";
import { BusySubmit } from "./BusySubmit";

export const MASK = "••••••";

/**
 * One variable: masked until revealed (in the browser only), its value replaceable in
 * place and deletable. Integration rows belong to their connection and are read-only.
 */
export function EnvVarRow({ row, canEdit = true }: { row: EnvVarView; canEdit?: boolean }) {
  const [revealed, setRevealed] = useState(false);
  const [editing, setEditing] = useState(false);
  const saver = useFetcher<FormResult>();
  const remover = useFetcher<FormResult>();
  const managed = row.kind === "integration";
  const saved = saver.state === "idle" && saver.data?.ok;

  useEffect(() => {
    if (saved) setEditing(false);
  }, [saved]);

  const failed = [saver.data, remover.data].find((data) => data && !data.ok);
  const error = failed ? failed.formError ?? failed.fieldErrors?.value ?? failed.fieldErrors?.key : undefined;

  return (
    <tr>
      <th scope="row" className="mono cell-key">{row.key}</th>
      <td>
        <Badge tone={managed ? "warning" : "muted"}>{row.kind}</Badge>
      </td>
      <td className="cell-value">
        {editing ? (
          <saver.Form method="post" className="inline-form">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="key" value={row.key} />
            <input
              className="input input-sm mono"
              name="value"
              aria-label={`New value for ${row.key}`}
              defaultValue={revealed ? row.value ?? "" : ""}
              placeholder="New value"
              autoComplete="off"
              spellCheck={false}
              autoFocus
            />
            <BusySubmit className="btn btn-primary btn-sm" busy={saver.state !== "idle"} busyLabel="Saving…">Save</BusySubmit>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>Cancel</button>
          </saver.Form>
        ) : (
          <span className="secret">
            <code className={`secret-value${revealed ? "" : " is-masked"}`} data-testid={`env-value-${row.key}`}>
              {revealed && row.value !== null ? row.value || "(empty)" : MASK}
            </code>
            {row.value === null ? (
              <span className="field-hint">Only members see values</span>
            ) : (
              <button type="button" className="btn btn-ghost btn-sm" aria-label={`${revealed ? "Hide" : "Reveal"} ${row.key}`} onClick={() => setRevealed(!revealed)}>
                {revealed ? "Hide" : "Reveal"}
              </button>
            )}
          </span>
        )}
        {error ? <p className="field-error" role="alert">{error}</p> : null}
      </td>
      <td className="cell-muted">{formatDate(row.updatedAt)}</td>
      <td className="cell-actions">
        {managed ? (
          <span className="field-hint">Managed by an integration</span>
        ) : !canEdit ? null : (
          <div className="button-row">
            {editing ? null : (
              <button type="button" className="btn btn-secondary btn-sm" aria-label={`Edit ${row.key}`} onClick={() => setEditing(true)}>
                Edit
              </button>
            )}
            <ConfirmForm form={remover.Form} intent="delete" fields={{ key: row.key }} label="Delete" confirmLabel="Confirm delete" busyLabel="Deleting…" subject={row.key} busy={remover.state !== "idle"} />
          </div>
        )}
      </td>
    </tr>
  );
}
