import type { WorkspaceProviderView } from "~/lib/sso-types";
import { Field } from "../Field";
import { useIntentForm } from "../use-intent-form";

/** A provider's attribute and role mapping: the name and groups attributes, group -> role lines, the default role. */
export function MappingForm({ provider }: { provider: WorkspaceProviderView }) {
  const { fetcher, result, busy } = useIntentForm("mapping");
  const lines = Object.entries(provider.groupRoles).map(([group, role]) => `${group} = ${role}`).join("\n");
  const label = provider.type === "saml" ? provider.entityId ?? "" : provider.issuer ?? "";
  return (
    <fetcher.Form method="post" className="stack" aria-label={`Mapping of ${label}`}>
      <input type="hidden" name="intent" value="mapping" />
      <input type="hidden" name="providerId" value={provider.id} />
      <p className="field-hint" style={{ overflowWrap: "anywhere" }}>{label}</p>
      <Field label="Display name attribute" name="displayNameAttribute" defaultValue={provider.displayNameAttribute ?? ""} placeholder="displayName" hint="The attribute or claim holding the person's name." />
      <Field label="Groups attribute" name="groupsAttribute" defaultValue={provider.groupsAttribute ?? ""} placeholder="groups" hint="The attribute or claim listing the person's groups." />
      <div className="field">
        <label className="field-label" htmlFor={`roles-${provider.id}`}>Group to role</label>
        <textarea id={`roles-${provider.id}`} className="input mono" name="groupRoles" rows={4} defaultValue={lines} placeholder={"Engineering = member\nContractors = viewer"} aria-describedby={`roles-hint-${provider.id}`} />
        <p id={`roles-hint-${provider.id}`} className="field-hint">One group per line: <span className="mono">group = member</span> or <span className="mono">group = viewer</span>. Owner is never given by mapping.</p>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`default-${provider.id}`}>Default role</label>
        <select id={`default-${provider.id}`} className="input" name="defaultRole" defaultValue={provider.defaultRole}>
          <option value="member">Member</option>
          <option value="viewer">Viewer</option>
        </select>
      </div>
      {result && !result.ok && result.formError ? <p className="field-error" role="alert">{result.formError}</p> : null}
      {result?.ok ? <p role="status" className="field-status tone-success">Mapping saved</p> : null}
      <div className="row-actions">
        <button type="submit" className="btn btn-secondary btn-sm" disabled={busy}>{busy ? "Saving…" : "Save mapping"}</button>
      </div>
    </fetcher.Form>
  );
}
