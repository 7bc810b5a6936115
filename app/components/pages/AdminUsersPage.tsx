import { useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { formatDateTime } from "~/lib/format";
import type { AccountView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Callout, Card } from "../Card";
import { Field } from "../Field";

export interface AdminUsersData {
  account: AccountView;
  /** False with a hosted identity provider: its own reset flow applies. */
  canIssue: boolean;
  minutes: number;
}

export interface IssueResetResult {
  ok: boolean;
  error?: string;
  link?: { url: string; email: string; expiresAt: string };
  values?: { email: string };
}

/** Administrators: a one-time password reset link for an account, shown once. */
export function AdminUsersPage() {
  const { account, canIssue, minutes } = useLoaderData<AdminUsersData>();
  const fetcher = useFetcher<IssueResetResult>();
  const [email, setEmail] = useState("");
  const [dismissed, setDismissed] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const link = result?.ok && result.link && result.link.url !== dismissed ? result.link : undefined;
  const error = result && !result.ok && result.values?.email === email ? result.error : undefined;
  return (
    <AppShell account={account}>
      <PageHeader title="Users" description="Help someone who cannot sign in." />
      <Card
        title="Password reset link"
        description={`The link lets its holder set a new password for the account, once, within ${minutes} minutes. Hand it to the person over a channel you trust.`}
      >
        {canIssue ? (
          <fetcher.Form method="post" className="inline-form inline-form-field" onSubmit={() => setDismissed(null)}>
            <Field
              label="Account email"
              name="email"
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={error}
            />
            <button type="submit" className="btn btn-primary" disabled={busy || email.trim() === ""}>
              {busy ? "Issuing…" : "Issue reset link"}
            </button>
          </fetcher.Form>
        ) : (
          <Callout tone="info">Passwords are managed by the identity provider: reset them there.</Callout>
        )}
        {link ? (
          <section className="once-key" aria-label="Reset link">
            <p className="once-key-title">Reset link for {link.email}</p>
            <p className="once-key-warning" role="note">
              Copy it now: it is shown only this once. It works until {formatDateTime(link.expiresAt)}; issuing another replaces it.
            </p>
            <div className="once-key-box">
              <code className="once-key-value" data-testid="reset-link">{link.url}</code>
            </div>
            <div className="once-key-footer">
              <span />
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDismissed(link.url)}>Done</button>
            </div>
          </section>
        ) : null}
      </Card>
    </AppShell>
  );
}
