import { useFetcher } from "@remix-run/react";
import { formatDateTime } from "~/lib/format";
import type { AuthorizedApplication, FormResult } from "~/lib/view-types";
import { Card } from "./Card";
import { ConfirmForm } from "./ConfirmForm";
import { DataTable } from "./DataTable";
import { formErrorOf } from "~/lib/form-error";

/**
 * The applications this person let act for them through the authorization server (issue 15):
 * which client, with which scopes, when it last used its grant. Revoke ends the grant at once.
 * Two grants of one app (two devices, two sign-ins), or two apps of one name (anyone can
 * register "svc CLI"), differ by the client id, the grant and the minute each was authorized,
 * so each row says all three.
 */
export function AuthorizedAppsCard({ applications }: { applications: AuthorizedApplication[] }) {
  return (
    <Card anchor="authorized-applications" title="Authorized applications" description="Applications you allowed to act as you. Revoking one signs it out everywhere within a second.">
      <DataTable columns={["Application", "Scopes", "Authorized", "Last used", { hidden: "Actions" }]} rows={applications} empty={<p>No applications yet.</p>}>
        {(application) => <AuthorizedAppRow key={application.grantId} application={application} />}
      </DataTable>
    </Card>
  );
}

function AuthorizedAppRow({ application }: { application: AuthorizedApplication }) {
  const revoker = useFetcher<FormResult>();
  const error = formErrorOf(revoker.data);
  return (
    <tr>
      <th scope="row">
        <span className="cell-title">{application.clientName}</span>
        <span className="cell-sub mono cell-key">{application.clientId}</span>
        <span className="cell-sub mono" title={application.grantId}>grant {application.grantId.slice(0, 8)}</span>
        {application.resources.map((resource) => (
          <span key={resource} className="cell-sub mono">{resource}</span>
        ))}
      </th>
      <td>{application.scopes.join(" ") || "—"}</td>
      <td className="cell-muted">{formatDateTime(application.authorizedAt)}</td>
      <td className="cell-muted">{formatDateTime(application.lastUsedAt)}</td>
      <td className="cell-actions">
        <ConfirmForm form={revoker.Form} intent="revokeGrant" fields={{ grantId: application.grantId }} label="Revoke" confirmLabel="Confirm revoke" busyLabel="Revoking…" subject={`${application.clientName} (grant ${application.grantId.slice(0, 8)})`} busy={revoker.state !== "idle"} />
        {error ? <p className="field-error" role="alert">{error}</p> : null}
      </td>
    </tr>
  );
}
