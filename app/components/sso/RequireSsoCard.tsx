import { SavedFormCard } from "../SavedFormCard";

/**
 * "Require single sign-on" (ADR 086): people on the workspace's verified domains enter only
 * through its identity provider. Owners are exempt (break-glass), which the card says.
 */
export function RequireSsoCard({ required }: { required: boolean }) {
  return (
    <SavedFormCard
      intent="ssoRule"
      formId="sso-rule-form"
      layout="split"
      title="Require single sign-on"
      description="People whose email is on a verified domain of this workspace must sign in through its identity provider; password, magic link, passkey and other providers no longer open the workspace for them. Owners are exempt so an outage of your identity provider never locks the workspace; the service administrator can also turn this off."
      savedText="Single sign-on rule saved"
      saveLabel="Save rule"
    >
      {(result) => (
        <>
          <label className="checkbox-row">
            <input type="checkbox" name="required" value="true" defaultChecked={required} key={String(required)} />
            <span>Require single sign-on for people on verified domains</span>
          </label>
          {result && !result.ok && result.formError ? <p className="field-error" role="alert">{result.formError}</p> : null}
        </>
      )}
    </SavedFormCard>
  );
}
