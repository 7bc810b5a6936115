import { Link } from "@remix-run/react";
import { SavedFormCard } from "./SavedFormCard";

/**
 * The workspace's two-step rule (issue 20, 1; ADR 049): when on, everyone who opens the
 * workspace in a browser must have passed two-step sign-in. Keys and OAuth grants are not
 * sessions, so they keep working; the card says so before anyone relies on the rule for them.
 */
export function TwoStepRuleCard({ required }: { required: boolean }) {
  return (
    <SavedFormCard
      intent="twoStepRule"
      formId="two-step-rule-form"
      layout="split"
      title="Two-step sign-in"
      description={
        <>
          Require every member to sign in with a code from an authenticator app. Members without one are sent to{" "}
          <Link to="/profile#two-step">set it up</Link> before they can open the workspace. API keys and authorized OAuth applications of
          members keep working: they are not browser sessions.
        </>
      }
      savedText="Two-step rule saved"
      saveLabel="Save rule"
    >
      {(result) => (
        <>
          <label className="checkbox-row">
            <input type="checkbox" name="required" value="true" defaultChecked={required} key={String(required)} />
            <span>Require two-step sign-in for everyone in this workspace</span>
          </label>
          {result && !result.ok && result.formError ? <p className="field-error" role="alert">{result.formError}</p> : null}
        </>
      )}
    </SavedFormCard>
  );
}
