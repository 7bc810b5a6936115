import { Link, useFetcher } from "@remix-run/react";
import { deviceName, formatDateTime } from "~/lib/format";
import type { FormResult, SignedInSession } from "~/lib/view-types";
import { Badge } from "./Badge";
import { Card } from "./Card";
import { DataTable } from "./DataTable";
import { BusySubmit } from "./BusySubmit";
import { formErrorOf } from "~/lib/form-error";

/**
 * "Where you're signed in" (issue 20, section 3): every live browser session of the person,
 * this one marked. Signing one out ends it on every instance within a second; this one is
 * ended by the account menu's sign-out, so its row has no button.
 */
export function SignedInSessionsCard({ sessions }: { sessions: SignedInSession[] }) {
  const others = useFetcher<FormResult>();
  const othersError = formErrorOf(others.data);
  const hasOthers = sessions.some((session) => !session.current);
  return (
    <Card
      anchor="sessions"
      title="Where you're signed in"
      description={
        <>
          Browsers signed in to your account. Your <Link to="/keys">CLI keys</Link> and{" "}
          <a href="#authorized-applications">authorized applications</a> act as you too; they are not sessions and stay when you sign out here.
        </>
      }
      footer={
        hasOthers ? (
          <others.Form method="post">
            <input type="hidden" name="intent" value="signOutOthers" />
            <BusySubmit className="btn btn-secondary btn-sm" busy={others.state !== "idle"} busyLabel="Signing out…">Sign out everywhere else</BusySubmit>
            {othersError ? <p className="field-error" role="alert">{othersError}</p> : null}
          </others.Form>
        ) : undefined
      }
    >
      <DataTable columns={["Browser", "Address", "Signed in", "Last active", { hidden: "Actions" }]} rows={sessions} empty={<p>No sessions.</p>}>
        {(session) => <SessionRow key={session.id} session={session} />}
      </DataTable>
    </Card>
  );
}

function SessionRow({ session }: { session: SignedInSession }) {
  const signOut = useFetcher<FormResult>();
  const error = formErrorOf(signOut.data);
  const name = deviceName(session);
  return (
    <tr>
      <th scope="row">
        <span className="cell-title">{name}</span>
        {session.current ? <Badge tone="success">This browser</Badge> : null}
      </th>
      <td className="mono">{session.address ?? "—"}</td>
      <td className="cell-muted">{formatDateTime(session.createdAt)}</td>
      <td className="cell-muted">{formatDateTime(session.lastActiveAt)}</td>
      <td className="cell-actions">
        {session.current ? null : (
          <signOut.Form method="post">
            <input type="hidden" name="intent" value="signOutSession" />
            <input type="hidden" name="sessionId" value={session.id} />
            <BusySubmit className="btn btn-danger-ghost btn-sm" aria-label={`Sign out ${name}, ${session.address ?? "unknown address"}`} busy={signOut.state !== "idle"} busyLabel="Signing out…">Sign out</BusySubmit>
          </signOut.Form>
        )}
        {error ? <p className="field-error" role="alert">{error}</p> : null}
      </td>
    </tr>
  );
}
