import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { creditsLabel } from "~/lib/format";
import { adminPages, tenantPages } from "~/lib/navigation";
import type { AccountView } from "~/lib/view-types";
import { AccountMenu } from "./AccountMenu";
import { AdminMenu } from "./AdminMenu";
import { Avatar } from "./Avatar";
import { useDisclosure } from "./use-disclosure";

/** The id of every page's main region: the "Skip to content" link's target. */
export const MAIN_ID = "main";

/** The first thing a keyboard reaches on every page: straight past the header to the content. */
export function SkipLink() {
  return <a href={`#${MAIN_ID}`} className="skip-link">Skip to content</a>;
}

/**
 * Every signed-in page: a header in three groups (issue 20 section 5, lists in
 * app/lib/navigation.ts). The first row holds the workspace and its switcher, then the
 * service administration (administrators only) and the account menu; the workspace's pages
 * are the row of tabs below, as Vercel's are. The source order is the visual order, so Tab
 * walks the header as it reads. On narrow screens the tabs sit behind a "Menu" button
 * (responsive.css). Without JavaScript no button can toggle, so every group is simply shown
 * and wraps, and every link stays reachable (no-script.css).
 */
export function AppShell({ account, children }: { account: AccountView; children: ReactNode }) {
  const { workspace: tenant, balance, role } = account;
  const pages = tenantPages(account);
  const admin = adminPages(account);
  const shownBalance = tenant && balance != null ? creditsLabel(balance) : null;
  const menu = useDisclosure("site-menu");
  return (
    <div className="shell">
      <SkipLink />
      <header className="topbar">
        <div className="topbar-inner">
          <Link to={tenant ? "/dashboard" : "/onboarding"} className="brand">
            {tenant ? (
              <Avatar src={tenant.logoUrl} name={tenant.name} shape="square" size="sm" />
            ) : (
              <span className="logo-mark" aria-hidden="true">s</span>
            )}
            <span className="brand-name" data-testid="header-workspace">{tenant?.name ?? "svc"}</span>
          </Link>
          {tenant && role ? <TenantSwitcher account={account} /> : null}
          <div className="topbar-actions">
            {admin.length > 0 ? <AdminMenu items={admin} /> : null}
            <AccountMenu account={account} />
          </div>
          {pages.length > 0 || shownBalance ? (
            <>
              <button {...menu.buttonProps} className="menu-button btn btn-secondary btn-sm">
                <span className="menu-icon" aria-hidden="true" />
                {menu.open ? "Close" : "Menu"}
              </button>
              <div {...menu.panelProps} className={`site-menu${menu.open ? " is-open" : ""}`}>
                {pages.length > 0 ? (
                  <nav aria-label="Main" className="nav">
                    {pages.map((item) => (
                      <NavLink key={item.to} to={item.to} className="nav-link" prefetch="intent">
                        {item.label}
                      </NavLink>
                    ))}
                  </nav>
                ) : null}
                {shownBalance ? (
                  <span className="balance" data-testid="header-balance" title="Your workspace's credit balance">
                    {shownBalance}
                  </span>
                ) : null}
              </div>
            </>
          ) : null}
        </div>
      </header>
      <main className="page" id={MAIN_ID} tabIndex={-1}>{children}</main>
    </div>
  );
}

export function PageHeader({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        {description ? <p className="page-description">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}

/**
 * The current workspace's role, and a menu of the others the person belongs to. Plain
 * forms inside a <details>: it works before hydration and without JavaScript.
 */
function TenantSwitcher({ account }: { account: AccountView }) {
  const location = useLocation();
  const others = (account.workspaces ?? []).filter((w) => w.id !== account.workspace?.id);
  const owns = (account.workspaces ?? []).some((w) => w.role === "owner");
  return (
    <details className="switcher">
      <summary className="switcher-summary" aria-label="Switch workspace">
        <span className="badge badge-muted" data-testid="header-role">{account.role}</span>
      </summary>
      <div className="switcher-menu" role="menu">
        {others.map((w) => (
          <Form method="post" action="/workspace" key={w.id}>
            <input type="hidden" name="tenantId" value={w.id} />
            <input type="hidden" name="redirectTo" value={location.pathname} />
            <button type="submit" className="switcher-item" role="menuitem">
              {w.name} <span className="cell-muted">{w.role}</span>
            </button>
          </Form>
        ))}
        {others.length === 0 ? <p className="switcher-empty">No other workspaces</p> : null}
        {owns ? null : (
          <Link to="/onboarding" className="switcher-item" role="menuitem">Create your own workspace</Link>
        )}
      </div>
    </details>
  );
}
