import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { allows, type AccountView, type TenantView } from "~/lib/view-types";
import { AppShell, PageHeader } from "../AppShell";
import { Avatar } from "../Avatar";
import { Card } from "../Card";

/** Why someone was sent here: pages that turn a visitor away add `?notice=<code>`. */
const NOTICES = {
  "admin-only": "That page is for administrators of the service.",
  "owner-only": "That page is for the workspace's owner: ask them to change the workspace's settings.",
  // Where the CLI's browser login sends everyone else: the way in that is theirs (issue 15).
  "cli-admin-only": "Only administrators of the service can log in the CLI from the browser. Run svc login --device in your terminal instead: every member of a workspace can.",
} as const;

export type DashboardNotice = keyof typeof NOTICES;

export function dashboardNotice(value: string | null): DashboardNotice | null {
  return value !== null && Object.hasOwn(NOTICES, value) ? (value as DashboardNotice) : null;
}

export interface DashboardData {
  account: AccountView & { workspace: TenantView };
  urlPrefix: string;
  notice: DashboardNotice | null;
  /** The loopback address of a `svc login` that /dev/cli-bootstrap turned away, to be told so once. */
  tellCli?: string | null;
}

/**
 * Tells the waiting `svc login` that no key is coming (it then prints how to get one and
 * exits 1) instead of leaving it to wait 5 minutes. A CLI that cannot be reached changes
 * nothing; the line under the notice says whether it was told.
 */
function TellCli({ callbackUrl }: { callbackUrl: string }) {
  const [told, setTold] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    fetch(callbackUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ refused: "not_admin" }) })
      .then((response) => live && setTold(response.ok))
      .catch(() => live && setTold(false));
    return () => {
      live = false;
    };
  }, [callbackUrl]);
  if (told === null) return null;
  return (
    <p className="callout-text" data-testid="cli-told">
      {told ? "svc login in your terminal was told and has stopped waiting." : "svc login in your terminal could not be reached: stop it with Ctrl-C."}
    </p>
  );
}

const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** The overview: the workspace at a glance and what is left to set up. */
export function DashboardPage() {
  const { account, urlPrefix, notice, tellCli } = useLoaderData<DashboardData>();
  const { workspace: tenant, profile } = account;
  // The workspace's own steps are the owner's (settings are owner-only): others see their own.
  const owns = allows(account, "workspace.edit");
  const steps = [
    ...(owns ? [{ done: true, label: "Create your workspace", to: "/settings" }, { done: Boolean(tenant.logoUrl), label: "Add a workspace logo", to: "/settings" }] : []),
    { done: Boolean(profile.displayName), label: "Set your display name", to: "/profile" },
    { done: Boolean(profile.avatarUrl), label: "Upload a profile photo", to: "/profile" },
  ];
  const remaining = steps.filter((step) => !step.done).length;
  return (
    <AppShell account={account}>
      <PageHeader title={`Welcome${profile.displayName ? `, ${profile.displayName}` : ""}`} description="Here is how your workspace is set up.">
        {owns ? <Link to="/settings" className="btn btn-secondary">Workspace settings</Link> : null}
      </PageHeader>
      {notice ? (
        <div className="callout page-notice" role="status">
          <p className="callout-text">{NOTICES[notice]}</p>
          {tellCli ? <TellCli callbackUrl={tellCli} /> : null}
        </div>
      ) : null}
      <div className="grid">
        <Card title="Workspace">
          <div className="summary">
            <Avatar src={tenant.logoUrl} name={tenant.name} shape="square" size="lg" />
            <div className="summary-text">
              <p className="summary-title">{tenant.name}</p>
              {/* A real link: /<slug> opens this workspace for its members (app/routes/$slug.tsx). */}
              <Link to={`/${tenant.slug}`} className="summary-meta mono" title="Your workspace's address: open it to share with members">
                {urlPrefix}{tenant.slug}
              </Link>
            </div>
          </div>
          <dl className="details">
            <div><dt>Created</dt><dd>{dateFormat.format(new Date(tenant.createdAt))}</dd></div>
            <div><dt>Workspace URL</dt><dd>{tenant.slugChosen ? "Locked" : "Can be changed once"}</dd></div>
            <div><dt>Referral code</dt><dd className="mono">{tenant.referralCode}</dd></div>
          </dl>
        </Card>
        <Card title="Getting started" description={remaining === 0 ? "All set. Nice work." : `${remaining} of ${steps.length} steps left`}>
          <ul className="checklist">
            {steps.map((step) => (
              <li key={step.label} className={step.done ? "is-done" : undefined}>
                <span className="check" aria-hidden="true">{step.done ? "✓" : ""}</span>
                {step.done ? <span>{step.label}</span> : <Link to={step.to}>{step.label}</Link>}
                <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </AppShell>
  );
}
