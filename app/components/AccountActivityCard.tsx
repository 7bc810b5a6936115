import { useState } from "react";
import { deviceName, formatDateTime } from "~/lib/format";
import { trpc } from "~/lib/trpc";
import { useStateFollowing } from "~/lib/use-state-following";
import type { AccountActivityPage } from "~/lib/view-types";
import { Card } from "./Card";
import { DataTable } from "./DataTable";

const COLUMNS = ["What happened", "Time", "Browser", "Address"];

/**
 * "Recent account activity" (issue 20 section 4): the person's own sign-ins, sessions and
 * two-step changes from the audit log, newest first, 20 at a time. "Show more" appends the
 * next page from the dashboard's typed client; the list follows the loader (it starts again
 * at the newest page when the page reloads its data, e.g. after a session is signed out).
 */
export function AccountActivityCard({ activity }: { activity: AccountActivityPage }) {
  const [shown, setShown] = useStateFollowing(activity);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const showMore = async () => {
    if (!shown.nextCursor) return;
    setLoading(true);
    setFailed(false);
    try {
      const next = await trpc().accountActivity.list.query({ cursor: shown.nextCursor });
      setShown({ ...next, entries: [...shown.entries, ...next.entries] });
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Card
      anchor="account-activity"
      title="Recent account activity"
      description={
        <>
          Sign-ins, signed-in sessions and two-step changes of your account, newest first. Something you don&apos;t recognise? Change your password and{" "}
          <a href="#sessions">sign out the sessions</a> you don&apos;t know.
        </>
      }
      footer={
        shown.nextCursor || failed ? (
          <div className="row-actions">
            {shown.nextCursor ? (
              <button type="button" className="btn btn-secondary btn-sm" onClick={showMore} disabled={loading}>
                {loading ? "Loading…" : "Show more"}
              </button>
            ) : null}
            {failed ? <p className="field-error" role="alert">Older activity could not be loaded. Try again.</p> : null}
          </div>
        ) : undefined
      }
    >
      <DataTable
        columns={COLUMNS}
        rows={shown.entries}
        empty={
          shown.recorded ? (
            <p>No account activity yet.</p>
          ) : (
            <p>Your account&apos;s activity is recorded in the audit log of each workspace you belong to. You are not in a workspace yet, so none is recorded.</p>
          )
        }
      >
        {(entry) => (
          <tr key={entry.id} data-testid="account-activity-row">
            <th scope="row">
              <span className="cell-title">{entry.summary}</span>
              {entry.by ? <span className="cell-muted"> by {entry.by}</span> : null}
            </th>
            <td className="cell-muted">{formatDateTime(entry.time)}</td>
            <td>{deviceName(entry)}</td>
            <td className="mono">{entry.address ?? "—"}</td>
          </tr>
        )}
      </DataTable>
    </Card>
  );
}
