import type { TestReport, WorkspaceProviderView } from "~/lib/sso-types";
import { ConfirmSubmit } from "../ConfirmSubmit";
import { useIntentForm } from "../use-intent-form";
import { DomainChoices } from "./DomainChoices";
import { TestConnectionButton } from "./TestConnectionButton";
import { TestReportView } from "./TestReportView";

/** One provider of the workspace: what it is, its domains and state, test and remove. */
export function ProviderDetails({ provider, verifiedDomains, report, fresh }: { provider: WorkspaceProviderView; verifiedDomains: string[]; report: TestReport | null; fresh: boolean }) {
  const edit = useIntentForm("editProvider");
  const remove = useIntentForm("removeProvider");
  const label = provider.type === "saml" ? `SAML: ${provider.entityId}` : `OpenID: ${provider.issuer}`;
  return (
    <article className="stack" aria-label={label}>
      <div className="row-between">
        <p className="card-title" style={{ overflowWrap: "anywhere", minWidth: 0 }}>{label}</p>
        <span className="badge">{provider.disabled ? "Disabled" : "Enabled"}</span>
      </div>
      {provider.type === "oidc" ? <p className="field-hint">Client ID <span className="mono">{provider.clientId}</span></p> : null}
      <edit.fetcher.Form method="post" encType="multipart/form-data" className="stack" aria-label={`Edit ${label}`}>
        <input type="hidden" name="intent" value="editProvider" />
        <input type="hidden" name="providerId" value={provider.id} />
        <DomainChoices verified={[...new Set([...verifiedDomains, ...provider.domains])]} chosen={provider.domains} />
        <input type="hidden" name="enabledShown" value="true" />
        <label className="checkbox-row">
          <input type="checkbox" name="enabled" value="true" defaultChecked={!provider.disabled} key={String(provider.disabled)} />
          <span>Enabled: people can sign in through it</span>
        </label>
        {provider.type === "saml" ? (
          <div className="field">
            <label className="field-label" htmlFor={`metadata-${provider.id}`}>Replace metadata XML (same entity ID)</label>
            <input id={`metadata-${provider.id}`} className="input" type="file" name="metadataFile" accept=".xml,application/xml,text/xml" />
          </div>
        ) : (
          <div className="field">
            <label className="field-label" htmlFor={`secret-${provider.id}`}>New client secret (leave empty to keep)</label>
            <input id={`secret-${provider.id}`} className="input" type="password" name="clientSecret" autoComplete="new-password" />
          </div>
        )}
        {edit.result && !edit.result.ok && edit.result.formError ? <p className="field-error" role="alert">{edit.result.formError}</p> : null}
        {edit.result?.ok ? <p role="status" className="field-status tone-success">Provider saved</p> : null}
        <div className="row-actions">
          <button type="submit" className="btn btn-secondary btn-sm" disabled={edit.busy}>{edit.busy ? "Saving…" : "Save provider"}</button>
        </div>
      </edit.fetcher.Form>
      <div className="row-actions">
        <TestConnectionButton providerId={provider.id} />
        <remove.fetcher.Form method="post">
          <input type="hidden" name="intent" value="removeProvider" />
          <input type="hidden" name="providerId" value={provider.id} />
          <ConfirmSubmit label="Remove" confirmLabel="Remove provider" busyLabel="Removing…" subject={label} busy={remove.busy} />
        </remove.fetcher.Form>
      </div>
      {remove.result && !remove.result.ok && remove.result.formError ? <p className="field-error" role="alert">{remove.result.formError}</p> : null}
      <TestReportView report={report} fresh={fresh} />
    </article>
  );
}
