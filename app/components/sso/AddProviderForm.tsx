import { useState } from "react";
import { Field } from "../Field";
import { useIntentForm } from "../use-intent-form";
import { DomainChoices } from "./DomainChoices";

/** A new identity provider: SAML by metadata (upload or URL) or OpenID by issuer, client id and secret. */
export function AddProviderForm({ verifiedDomains }: { verifiedDomains: string[] }) {
  const { fetcher, result, busy } = useIntentForm("addProvider");
  const [type, setType] = useState<"saml" | "oidc">("saml");
  return (
    <fetcher.Form method="post" encType="multipart/form-data" className="stack" aria-label="Add an identity provider">
      <input type="hidden" name="intent" value="addProvider" />
      <fieldset className="field">
        <legend className="field-label">Protocol</legend>
        <label className="checkbox-row">
          <input type="radio" name="type" value="saml" checked={type === "saml"} onChange={() => setType("saml")} />
          <span>SAML 2.0 (Okta, Entra ID, Google Workspace, …)</span>
        </label>
        <label className="checkbox-row">
          <input type="radio" name="type" value="oidc" checked={type === "oidc"} onChange={() => setType("oidc")} />
          <span>OpenID Connect</span>
        </label>
      </fieldset>
      {type === "saml" ? (
        <>
          <div className="field">
            <label className="field-label" htmlFor="sso-metadata-file">Metadata XML file</label>
            <input id="sso-metadata-file" className="input" type="file" name="metadataFile" accept=".xml,application/xml,text/xml" />
          </div>
          <Field label="Or metadata URL" name="metadataUrl" type="url" placeholder="https://idp.example.com/app/metadata" hint="Your identity provider's federation metadata URL (https)." />
        </>
      ) : (
        <>
          <Field label="Issuer" name="issuer" type="url" placeholder="https://login.example.com" required />
          <Field label="Client ID" name="clientId" required autoComplete="off" />
          <Field label="Client secret" name="clientSecret" type="password" required autoComplete="new-password" />
        </>
      )}
      <DomainChoices verified={verifiedDomains} chosen={[]} />
      {result && !result.ok && result.formError ? <p className="field-error" role="alert">{result.formError}</p> : null}
      {result?.ok ? <p role="status" className="field-status tone-success">Identity provider added</p> : null}
      <div className="row-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>{busy ? "Adding…" : "Add identity provider"}</button>
      </div>
    </fetcher.Form>
  );
}
