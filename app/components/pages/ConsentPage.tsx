import { useLoaderData } from "@remix-run/react";
import type { ConsentDetails } from "~/lib/view-types";
import { PublicPage } from "../PublicPage";

/** `anonymous`: an anonymous sign-in's account, which may deny but not approve (ADR 062). */
export type ConsentData = { state: "ask"; consent: ConsentDetails; email: string; anonymous?: boolean } | { state: "gone" };

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
        {consent.cliKey !== undefined ? (
          <CliKeyGrant cliKey={consent.cliKey} />
        ) : (
          <>
            <h2 className="section-title">It will be able to</h2>
            <ul data-testid="scopes">
              {consent.scopes.map((scope) => (
                <li key={scope.scope}>{scope.words}</li>
              ))}
            </ul>
          </>
        )}
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
        {data.anonymous ? (
          <p role="note" data-testid="anonymous-note">
            Create an account to authorize applications. You are signed in anonymously: add an email address and a password to this account in the application you signed in with, and it becomes a permanent one.
          </p>
        ) : null}
        <div className="auth-actions">
          {data.anonymous ? null : (
            <form method="post" action={`${base}/approve`}>
              <button type="submit" className="btn btn-primary">Approve</button>
            </form>
          )}
          <form method="post" action={`${base}/deny`}>
            <button type="submit" className="btn btn-secondary">Deny</button>
          </form>
        </div>
      </div>
    </PublicPage>
  );
}

/** What each role's CLI key may do, as the key acts with its person's role (server/members/permissions.ts). */
const CLI_KEY_RIGHTS: Record<"owner" | "member" | "viewer", string[]> = {
  viewer: ["read the workspace's apps, deployments and variable names (not their values)"],
  member: [
    "create, change and delete apps, API keys, connections and deployments",
    "read and write variables, secret values included, and write them to a .env file (svc dev)",
    "open a shell on a running deployment (svc ssh)",
  ],
  owner: [
    "create, change and delete apps, API keys, connections and deployments",
    "read and write variables, secret values included, and write them to a .env file (svc dev)",
    "open a shell on a running deployment (svc ssh)",
    "act as the workspace's owner wherever the API takes a key",
  ],
};

/**
 * `svc login --device` (issue 28): approving gives the CLI a long-lived API key that acts as
 * the person in a workspace, so the page names the workspace and what the key can do there
 * instead of the identity scopes the device grant carries.
 */
function CliKeyGrant({ cliKey }: { cliKey: NonNullable<ConsentDetails["cliKey"]> | null }) {
  if (!cliKey) {
    return (
      <p className="form-error" role="note" data-testid="cli-key">
        You belong to no workspace yet, so the CLI cannot be given a key. Create or join a workspace first, then run svc login --device again.
      </p>
    );
  }
  return (
    <div data-testid="cli-key">
      <h2 className="section-title">It will get an API key</h2>
      <p>
        An API key for workspace <strong>{cliKey.workspace.name}</strong> ({cliKey.workspace.slug}), saved on that device, that acts as you with
        your role there (<strong>{cliKey.role}</strong>) until you log out with svc logout or revoke it under API keys. With it, the CLI can:
      </p>
      <ul data-testid="scopes">
        {CLI_KEY_RIGHTS[cliKey.role].map((right) => (
          <li key={right}>{right}</li>
        ))}
      </ul>
      <p className="field-hint">Your earlier CLI keys are revoked when this one is issued.</p>
    </div>
  );
}
