import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import type { AccountView, FormResult, RoleView, TenantView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { InvitationLinkBox } from "../InvitationLinkBox";
import { Badge } from "../Badge";
import { Card } from "../Card";
import { ConfirmForm } from "../ConfirmForm";
import { DataTable } from "../DataTable";
import { Field } from "../Field";
import { BusySubmit } from "../BusySubmit";

export interface MemberRowView {
  userId: string;
  email: string;
  displayName: string;
  role: RoleView;
  joinedAt: string;
}

export interface InvitationRowView {
  id: string;
  email: string;
  role: "member" | "viewer";
  expiresAt: string;
}

export interface MembersData {
  account: AccountView & { workspace: TenantView };
  members: MemberRowView[];
  invitations: InvitationRowView[];
  canManage: boolean;
}

export interface MembersActionResult extends FormResult {
  invitation?: { url: string; email: string; expiresAt: string };
}

const ROLE_HELP = "Viewers read the dashboard and open deployed tools; members also manage apps, keys, connections and deployments.";

/** Who is in the workspace; the owner invites, changes roles and removes people here. */
export function MembersPage() {
  const { account, members, invitations, canManage } = useLoaderData<MembersData>();
  const result = useActionData<MembersActionResult>();
  const navigation = useNavigation();
  const pending = (intent: string, id?: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent && (id === undefined || navigation.formData?.get("id") === id);
  return (
    <AppShell account={account}>
      <PageHeader title="Members" description={`People with access to ${account.workspace.name}.`} />
      <div className="stack-lg">
        <Card title="Members">
          <DataTable columns={canManage ? ["Person", "Role", "Joined", ""] : ["Person", "Role", "Joined"]} rows={members} empty="Nobody yet.">
            {(member) => (
              <tr key={member.userId}>
                <th scope="row">
                  {member.displayName || member.email || member.userId}
                  {member.displayName ? <span className="cell-muted"> {member.email}</span> : null}
                </th>
                <td>
                  {canManage && member.role !== "owner" ? (
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="id" value={member.userId} />
                      <label className="sr-only" htmlFor={`role-${member.userId}`}>Role of {member.email}</label>
                      <select id={`role-${member.userId}`} name="role" defaultValue={member.role} className="input input-sm">
                        <option value="member">member</option>
                        <option value="viewer">viewer</option>
                      </select>
                      <button type="submit" className="btn btn-ghost btn-sm" disabled={pending("role", member.userId)}>Save</button>
                    </Form>
                  ) : (
                    <Badge tone={member.role === "owner" ? "accent" : "muted"}>{member.role}</Badge>
                  )}
                </td>
                <td className="cell-muted">{formatDate(member.joinedAt)}</td>
                {canManage ? (
                  <td className="cell-actions">
                    {member.role === "owner" ? null : (
                      <ConfirmForm form={Form} intent="remove" fields={{ id: member.userId }} label="Remove" confirmLabel="Remove now" busyLabel="Removing…" subject={member.email} busy={pending("remove", member.userId)} />
                    )}
                  </td>
                ) : null}
              </tr>
            )}
          </DataTable>
        </Card>
        {canManage ? (
          <>
            <Card title="Invite someone" description={ROLE_HELP}>
              <Form method="post" className="inline-form inline-form-field">
                <input type="hidden" name="intent" value="invite" />
                <Field
                  label="Email"
                  name="email"
                  type="email"
                  required
                  autoComplete="off"
                  defaultValue={result?.intent === "invite" && !result.ok ? result.values?.email : undefined}
                  error={result?.intent === "invite" ? result.fieldErrors?.email : undefined}
                />
                <label className="field">
                  <span className="field-label">Role</span>
                  <select name="role" className="input" defaultValue="member">
                    <option value="member">member</option>
                    <option value="viewer">viewer</option>
                  </select>
                </label>
                <BusySubmit className="btn btn-primary" busy={pending("invite")} busyLabel="Inviting…">Create invitation link</BusySubmit>
              </Form>
              {result?.intent === "invite" && result.formError ? <p className="form-error" role="alert">{result.formError}</p> : null}
              {result?.invitation ? <InvitationLinkBox invitation={result.invitation} /> : null}
            </Card>
            <Card title="Pending invitations">
              <DataTable columns={["Email", "Role", "Expires", ""]} rows={invitations} empty="No pending invitations.">
                {(invitation) => (
                  <tr key={invitation.id}>
                    <th scope="row">{invitation.email}</th>
                    <td><Badge tone="muted">{invitation.role}</Badge></td>
                    <td className="cell-muted">{formatDate(invitation.expiresAt)}</td>
                    <td className="cell-actions">
                      <ConfirmForm form={Form} intent="revoke" fields={{ id: invitation.id }} label="Revoke" confirmLabel="Revoke now" busyLabel="Revoking…" subject={invitation.email} busy={pending("revoke", invitation.id)} />
                    </td>
                  </tr>
                )}
              </DataTable>
            </Card>
          </>
        ) : null}
        {result && !result.ok && result.intent !== "invite" && result.formError ? <p className="form-error" role="alert">{result.formError}</p> : null}
      </div>
    </AppShell>
  );
}
