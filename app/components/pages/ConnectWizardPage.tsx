import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { formatDate } from "~/lib/format";
import { Avatar } from "../Avatar";
import { MAIN_ID, SkipLink } from "../AppShell";

export type ConnectWizardData =
  | {
      ok: true;
      provider: string;
      /** The start's query, carried to the picker's POST. */
      query: string;
      integration: { slug: string; name: string; description: string; logo: string | null };
      bindsApp: boolean;
      connections: { id: string; displayName: string; createdByEmail: string | null; createdAt: string; appNames: string[] }[];
      newAccountUrl: string;
    }
  | {
      ok: false;
      provider: string;
      status: number;
      code: string;
      detail: string;
      /** The `svc:oauth:error` this page posts to its opener, and the opener's origin. */
      posts: { message: { type: "svc:oauth:error"; code: string; detail: string; state: string | null }; targetOrigin: string };
    };

/**
 * The embed wizard (issue 7 section 5), shown in the SDK's popup: the provider, the
 * workspace's existing accounts for it (one click binds one to the app), or a new account.
 * The picker is a plain form posting a document: the answer is the popup page that hands the
 * result to the opener.
 */
export function ConnectWizardPage() {
  const data = useLoaderData<ConnectWizardData>();
  const posts = data.ok ? null : data.posts;
  useEffect(() => {
    if (!posts || !window.opener) return;
    try {
      window.opener.postMessage(posts.message, posts.targetOrigin);
    } catch {
      // the opener went away
    }
  }, [posts]);
  if (!data.ok) {
    return (
      <>
      <SkipLink />
      <main className="wizard" id={MAIN_ID}>
        <h1 className="page-title">Cannot connect</h1>
        <p role="alert" data-testid="wizard-error">
          This connection cannot start ({data.code}
          {data.detail ? `: ${data.detail}` : ""}). Close this window and start again from the app.
        </p>
      </main>
      </>
    );
  }
  const { integration, connections } = data;
  return (
    <>
    <SkipLink />
    <main className="wizard" id={MAIN_ID}>
      <header className="wizard-header">
        <Avatar src={integration.logo} name={integration.name} shape="square" size="lg" />
        <div>
          <h1 className="page-title">Connect {integration.name}</h1>
          {integration.description ? <p className="page-description">{integration.description}</p> : null}
        </div>
      </header>
      {data.bindsApp && connections.length > 0 ? (
        <section aria-labelledby="existing-accounts" className="stack">
          <h2 id="existing-accounts" className="card-title">Use an account your workspace already connected</h2>
          <form method="post" action={`/connections/connect/${encodeURIComponent(integration.slug)}/bind?${data.query}`}>
            <ul className="wizard-list">
              {connections.map((connection) => (
                <li key={connection.id}>
                  <button type="submit" name="connectionId" value={connection.id} className="btn btn-secondary wizard-choice">
                    <span className="wizard-choice-name">Use {connection.displayName}</span>
                    <span className="cell-muted">
                      connected {formatDate(connection.createdAt)}
                      {connection.createdByEmail ? ` by ${connection.createdByEmail}` : ""}
                      {connection.appNames.length > 0 ? ` · used by ${connection.appNames.join(", ")}` : ""}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </form>
        </section>
      ) : null}
      <p>
        <a className="btn btn-primary" href={data.newAccountUrl}>
          Connect a new account
        </a>
      </p>
    </main>
    </>
  );
}
