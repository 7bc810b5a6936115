import { Form, useFetcher } from "@remix-run/react";
import { formatDateTime } from "~/lib/format";
import type { SignInMethodView, SignInMethodsView } from "~/lib/sign-in-methods-types";
import type { FormResult } from "~/lib/view-types";
import { Card } from "./Card";
import { ConfirmForm } from "./ConfirmForm";
import { DataTable } from "./DataTable";

/**
 * "Sign-in methods" (issue 31): the ways into this account (a password, GitHub, Google, an
 * OpenID provider), each with an Unlink but the last, and a "Link" button per provider the
 * service offers while manual linking is on. Linking leaves for the provider (the action's
 * redirect, which Remix follows with a navigation of the window, so the page's CSP
 * `form-action 'self'` holds) and comes back here with a sentence saying how it went.
 */
export function SignInMethodsCard({ signInMethods }: { signInMethods: SignInMethodsView }) {
  const { methods, linkable, linkingEnabled, notice } = signInMethods;
  const onlyOne = methods.length <= 1;
  return (
    <Card
      anchor="sign-in-methods"
      title="Sign-in methods"
      description="The ways you can sign in to this account. Each works on its own; keep at least one."
      footer={
        <div className="stack">
          {linkable.length > 0 ? (
            <div className="inline-form">
              {linkable.map(({ provider, label }) => (
                <Form key={provider} method="post">
                  <input type="hidden" name="intent" value="linkIdentity" />
                  <input type="hidden" name="provider" value={provider} />
                  <button type="submit" className="btn btn-secondary btn-sm">
                    Link {label}
                  </button>
                </Form>
              ))}
            </div>
          ) : null}
          {methods.length === 1 ? <p className="field-hint">This is your only sign-in method, so it cannot be unlinked.</p> : null}
          {!linkingEnabled ? <p className="field-hint">Linking and unlinking sign-in methods is turned off on this service.</p> : null}
          {notice ? (
            <p className={notice.ok ? "field-hint" : "field-error"} role={notice.ok ? "status" : "alert"}>
              {notice.message}
            </p>
          ) : null}
        </div>
      }
    >
      <DataTable columns={["Method", "Address", "Linked", "Last used", { hidden: "Actions" }]} rows={methods} empty={<p>No sign-in methods are recorded for this account.</p>}>
        {(method) => <SignInMethodRow key={method.identityId} method={method} removable={linkingEnabled && !onlyOne} />}
      </DataTable>
    </Card>
  );
}

function SignInMethodRow({ method, removable }: { method: SignInMethodView; removable: boolean }) {
  const remove = useFetcher<FormResult>();
  const error = remove.data && !remove.data.ok ? remove.data.formError : undefined;
  return (
    <tr>
      <th scope="row">
        <span className="cell-title">{method.label}</span>
      </th>
      <td className="cell-muted">{method.email ?? "No address"}</td>
      <td className="cell-muted">{formatDateTime(method.linkedAt)}</td>
      <td className="cell-muted">{method.lastUsedAt ? formatDateTime(method.lastUsedAt) : "Never"}</td>
      <td className="cell-actions">
        {removable ? (
          <ConfirmForm
            form={remove.Form}
            intent="unlinkIdentity"
            fields={{ identityId: method.identityId, provider: method.provider }}
            label="Unlink"
            confirmLabel={`Unlink ${method.label}`}
            busyLabel="Unlinking…"
            subject={method.label}
            busy={remove.state !== "idle"}
          />
        ) : null}
        {error ? <p className="field-error" role="alert">{error}</p> : null}
      </td>
    </tr>
  );
}
