import { Link, useLoaderData } from "@remix-run/react";
import type { BootstrapRequest } from "~/lib/loopback-callback";
import type { AccountView } from "~/lib/view-types";
import { AppShell } from "../AppShell";
import { Callout } from "../Card";
import { CliHandoff } from "../CliHandoff";

export interface CliBootstrapData {
  account: AccountView;
  bootstrap: BootstrapRequest;
  /** The workspace's CLI app, or null when this login will create it (the page says so). */
  cliApp?: string | null;
}

/** Where a signed-in non-administrator is redirected (SPEC 4.6 step 3), with the dashboard's notice. */
export const NOT_ADMIN_DESTINATION = "/dashboard?notice=cli-admin-only";

/** Where `svc login` sends the browser: explain, then hand a fresh key to the local CLI. */
export function CliBootstrapPage() {
  const { account, bootstrap, cliApp } = useLoaderData<CliBootstrapData>();
  const { profile, workspace: tenant } = account;
  return (
    <AppShell account={account}>
      <div className="narrow">
        <p className="eyebrow">Command-line login</p>
        <h1 className="page-title">Log in the svc CLI</h1>
        <div className="card narrow-card">
          <div className="card-body stack">
            {!bootstrap.ok ? (
              <Refusal bootstrap={bootstrap} />
            ) : !tenant ? (
              <Callout tone="warning" title="You need a workspace first">
                The CLI acts in a workspace. <Link to="/onboarding">Create your workspace</Link>, then run svc login again in
                your terminal.
              </Callout>
            ) : (
              <>
                <p>Clicking <strong>Issue API key</strong> will:</p>
                <ul className="plain-list">
                  <li>
                    issue a new API key for the svc CLI for <strong>{profile.email}</strong> in workspace{" "}
                    <strong>{tenant.name}</strong>;
                  </li>
                  <li>
                    send it only to the program listening on your computer at <code className="mono">{bootstrap.hostPort}</code>;
                  </li>
                  <li>
                    {cliApp ? (
                      <>bind it to the app <strong>{cliApp}</strong>;</>
                    ) : (
                      <>create the app <strong>CLI</strong> in that workspace, for the CLI&apos;s keys and the variables svc dev writes;</>
                    )}
                  </li>
                  <li>revoke the CLI keys you were issued before.</li>
                </ul>
                <p className="field-hint">Only continue if you just ran svc login yourself.</p>
                <CliHandoff callbackUrl={bootstrap.callbackUrl} hostPort={bootstrap.hostPort} tenantName={tenant.name} />
              </>
            )}
          </div>
        </div>
      </div>
    </AppShell>
  );
}

function Refusal({ bootstrap }: { bootstrap: Extract<BootstrapRequest, { ok: false }> }) {
  const title =
    bootstrap.problem === "callback"
      ? "This link does not point at your computer, so no key will be issued."
      : "This link asks for something this page cannot do, so no key will be issued.";
  return (
    <div role="alert" className="stack">
      <Callout tone="warning" title={title}>
        {bootstrap.reason} Run svc login again in your terminal and use the link it opens.
      </Callout>
    </div>
  );
}
