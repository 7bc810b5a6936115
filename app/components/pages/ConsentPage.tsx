import { useLoaderData } from "@remix-run/react";
import type { ConsentDetails } from "~/lib/view-types";
import { PublicPage } from "../PublicPage";

export type ConsentData = { state: "ask"; consent: ConsentDetails; email: string } | { state: "gone" };

/**
 * What an application asks for (issue 15): who it is (name, logo, where it sends you back,
 * and a warning when nobody here vouched for it), the scopes in words, the tools it wants to
 * reach and their workspace. Approve and Deny are plain same-origin form posts to the
 * authorization server, which then sends the browser back to the application.
 */
export function ConsentPage() {
  const data = useLoaderData<ConsentData>();
  if (data.state === "gone") {
    return <PublicPage eyebrow="Authorization" title="This request has expired" lead="Go back to the application and start again." />;
  }
  const { consent, email } = data;
  const base = `/auth/v1/oauth/interaction/${consent.uid}`;
  return (
    <PublicPage eyebrow="Authorization" title={`${consent.client.name} wants to access your account`}>
      <div className="consent">
        {consent.client.logoUri ? <img className="consent-logo" src={consent.client.logoUri} alt="" width={48} height={48} /> : null}
        <p className="auth-lead">
          Signed in as <strong>{email}</strong>.{" "}
          {consent.client.redirectHost ? (
            <>
              After you decide you return to <strong data-testid="redirect-host">{consent.client.redirectHost}</strong>.
            </>
          ) : (
            <>After you decide, go back to your device.</>
          )}
        </p>
        {consent.client.registeredBy ? (
          <p className="field-hint" role="note" data-testid="verified">
            Verified application: registered by workspace <strong>{consent.client.registeredBy.name}</strong>.
          </p>
        ) : null}
        {consent.client.unverified ? (
          <p className="form-error" role="note" data-testid="unverified">
            Unverified application: it registered itself, and this service has not checked who runs it. Approve only if you started this.
          </p>
        ) : null}
        <h2 className="section-title">It will be able to</h2>
        <ul data-testid="scopes">
          {consent.scopes.map((scope) => (
            <li key={scope.scope}>{scope.words}</li>
          ))}
        </ul>
        {consent.resources.length ? (
          <>
            <h2 className="section-title">On</h2>
            <ul data-testid="resources">
              {consent.resources.map((resource) => (
                <li key={resource.resource}>
                  {resource.name} <code>{resource.resource}</code>
                  {resource.workspace ? <> in workspace <strong>{resource.workspace}</strong></> : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <div className="auth-actions">
          <form method="post" action={`${base}/approve`}>
            <button type="submit" className="btn btn-primary">Approve</button>
          </form>
          <form method="post" action={`${base}/deny`}>
            <button type="submit" className="btn btn-secondary">Deny</button>
          </form>
        </div>
      </div>
    </PublicPage>
  );
}
