import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import type { SectionResult } from "~/lib/sso-section-types";
import { formatDateTime } from "~/lib/format";
import { BusySubmit } from "../BusySubmit";
import { ConfirmForm } from "../ConfirmForm";
import { DataTable } from "../DataTable";
import { OnceSecretBox } from "../OnceSecretBox";
import { CopyValue } from "./CopyValue";
import { LoadedSection } from "./LoadedSection";

export const SCIM_ROUTE = "/settings/sso/scim";

type Role = "member" | "viewer";

export interface ScimSectionData {
  /** `{BASE_URL}/scim/v2`: what the directory's provisioning settings ask for. */
  baseUrl: string;
  tokens: Array<{ id: string; prefix: string; createdAt: string; lastUsedAt: string | null }>;
  groups: Array<{ id: string; displayName: string; role: Role | null; members: number }>;
}

/**
 * The Single sign-on page's "SCIM provisioning" (issue 32, 4; ADR 080, ADR 087): the base URL
 * and a token to paste into the directory (Okta, Entra ID), the token shown once with a Copy
 * button; the tokens with when they were made and last used, each revocable; the groups the
 * directory pushed, each with the role it gives its members. Self-contained: no props.
 */
export function ScimSection() {
  return (
    <LoadedSection<ScimSectionData>
      route={SCIM_ROUTE}
      title="SCIM provisioning"
      description="Let your directory (Okta, Entra ID) add, update and remove your workspace's members. Give it the base URL and a token."
      noun="provisioning"
    >
      {(data) => (
        <>
          <dl className="facts">
            <dt>Base URL</dt>
            <dd><CopyValue value={data.baseUrl} what="the SCIM base URL" testId="scim-base-url" /></dd>
          </dl>
          <ScimTokens tokens={data.tokens} />
          <ScimGroups groups={data.groups} />
        </>
      )}
    </LoadedSection>
  );
}

function ScimTokens({ tokens }: { tokens: ScimSectionData["tokens"] }) {
  const create = useFetcher<SectionResult>();
  const created = create.state === "idle" && create.data?.ok ? create.data.token : undefined;
  // The token shows until "I have saved it"; a new token replaces it.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const shown = created && created !== dismissed ? created : undefined;
  return (
    <div className="webhook-row">
      <h3 className="card-title">Tokens</h3>
      {shown ? (
        <OnceSecretBox
          secret={shown}
          label="New SCIM token"
          title="Your new SCIM token"
          warning="Paste it into your directory's provisioning settings as the bearer token; it will not be shown again."
          what="the token"
          testId="new-scim-token"
          onDone={() => setDismissed(shown)}
        />
      ) : null}
      <DataTable columns={["Token", "Created", "Last used", { hidden: "Actions" }]} rows={tokens} empty="No SCIM tokens yet.">
        {(token) => <TokenRow key={token.id} token={token} />}
      </DataTable>
      {create.state === "idle" && create.data && !create.data.ok ? <p className="form-error" role="alert">{create.data.formError}</p> : null}
      <create.Form method="post" action={SCIM_ROUTE}>
        <input type="hidden" name="intent" value="createToken" />
        <BusySubmit className="btn btn-primary" busy={create.state !== "idle"} busyLabel="Creating…">Create SCIM token</BusySubmit>
      </create.Form>
    </div>
  );
}

function TokenRow({ token }: { token: ScimSectionData["tokens"][number] }) {
  const revoke = useFetcher<SectionResult>();
  const failed = revoke.state === "idle" && revoke.data && !revoke.data.ok ? revoke.data.formError : null;
  return (
    <tr data-testid="scim-token">
      <td><code>{token.prefix}…</code></td>
      <td>{formatDateTime(token.createdAt)}</td>
      <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : "never"}</td>
      <td>
        <ConfirmForm
          form={revoke.Form}
          action={SCIM_ROUTE}
          intent="revokeToken"
          fields={{ id: token.id }}
          label="Revoke"
          confirmLabel="Revoke token"
          busyLabel="Revoking…"
          subject={`token ${token.prefix}`}
          busy={revoke.state !== "idle"}
        />
        {failed ? <p className="form-error" role="alert">{failed}</p> : null}
      </td>
    </tr>
  );
}

function ScimGroups({ groups }: { groups: ScimSectionData["groups"] }) {
  return (
    <div className="webhook-row">
      <h3 className="card-title">Directory groups</h3>
      <p className="cell-muted">A group given a role gives it to its members at once; a group never makes an owner.</p>
      <DataTable columns={["Group", "Members", "Role"]} rows={groups} empty="Your directory has not sent any groups yet.">
        {(group) => <GroupRow key={group.id} group={group} />}
      </DataTable>
    </div>
  );
}

function GroupRow({ group }: { group: ScimSectionData["groups"][number] }) {
  const save = useFetcher<SectionResult>();
  const id = useId();
  const [role, setRole] = useState(group.role ?? "");
  useEffect(() => setRole(group.role ?? ""), [group.role]);
  const result = save.state === "idle" ? save.data : undefined;
  return (
    <tr data-testid="scim-group">
      <td>{group.displayName}</td>
      <td>{group.members}</td>
      <td>
        <save.Form method="post" action={SCIM_ROUTE} className="row-actions">
          <input type="hidden" name="intent" value="setGroupRole" />
          <input type="hidden" name="id" value={group.id} />
          <label htmlFor={id} className="sr-only">{`Role for ${group.displayName}`}</label>
          <select id={id} name="role" className="input input-sm" value={role} onChange={(event) => setRole(event.target.value)}>
            <option value="">No role (the default)</option>
            <option value="member">member</option>
            <option value="viewer">viewer</option>
          </select>
          <BusySubmit className="btn btn-secondary btn-sm" busy={save.state !== "idle"} busyLabel="Saving…" aria-label={`Save role for ${group.displayName}`}>
            Save
          </BusySubmit>
        </save.Form>
        {result ? (
          <p className={result.ok ? "field-status tone-success" : "form-error"} role={result.ok ? "status" : "alert"}>
            {result.ok ? result.message : result.formError}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
