import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { creditsLabel } from "~/lib/format";
import type { AccountView } from "~/lib/view-types";
import { Avatar } from "./Avatar";

const NAV: { to: string; label: string; ownerOnly?: boolean }[] = [
  { to: "/dashboard", label: "Overview" },
  { to: "/apps", label: "Apps" },
  { to: "/connections", label: "Connections" },
  { to: "/keys", label: "API Keys" },
  { to: "/credits", label: "Credits" },
  { to: "/deployments", label: "Deployments" },
  { to: "/members", label: "Members" },
  { to: "/audit", label: "Audit log", ownerOnly: true },
  { to: "/settings", label: "Settings", ownerOnly: true },
  { to: "/profile", label: "Profile" },
];
const ADMIN = [
  { to: "/admin/credits", label: "Admin" },
  { to: "/admin/integrations", label: "Integrations" },
  { to: "/admin/users", label: "Users" },
];

/** The id of every page's main region: the "Skip to content" link's target. */
export const MAIN_ID = "main";

/** The first thing a keyboard reaches on every page: straight past the header to the content. */
export function SkipLink() {
  return <a href={`#${MAIN_ID}`} className="skip-link">Skip to content</a>;
}

/**
 * Every signed-in page: a header with the workspace, the navigation and the user. On narrow
 * screens the navigation and the account sit behind a "Menu" button (progressive
 * enhancement: before hydration, or without JavaScript, the menu is simply shown open and
 * wraps, so every link stays reachable; see shell.css).
 */
export function AppShell({ account, children }: { account: AccountView; children: ReactNode }) {
  const { profile, workspace, balance, isAdmin, role } = account;
  // Workspace pages need a workspace (Settings its owner); the Admin area only an administrator.
  const nav = [...(workspace ? NAV.filter((item) => !item.ownerOnly || role === "owner") : []), ...(isAdmin ? ADMIN : [])];
  const userName = profile.displayName || profile.email;
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // A followed link closes the menu; so does Escape.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);
  return (
    <div className="shell">
      <SkipLink />
      <header className="topbar">
        <div className="topbar-inner">
          <Link to={workspace ? "/dashboard" : "/onboarding"} className="brand">
            {workspace ? (
              <Avatar src={workspace.logoUrl} name={workspace.name} shape="square" size="sm" />
            ) : (
              <span className="logo-mark" aria-hidden="true">s</span>
            )}
            <span className="brand-name" data-testid="header-workspace">{workspace?.name ?? "svc"}</span>
          </Link>
          {workspace && role ? <WorkspaceSwitcher account={account} /> : null}
          <button
            type="button"
            className="menu-button btn btn-secondary btn-sm"
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <span className="menu-icon" aria-hidden="true" />
            {menuOpen ? "Close" : "Menu"}
          </button>
          <div id="site-menu" className={`site-menu${menuOpen ? " is-open" : ""}`}>
            {nav.length > 0 ? (
              <nav aria-label="Main" className="nav">
                {nav.map((item) => (
                  <NavLink key={item.to} to={item.to} className="nav-link" prefetch="intent">
                    {item.label}
                  </NavLink>
                ))}
              </nav>
            ) : null}
            <div className="account">
              {workspace && balance != null ? (
                <span className="balance" data-testid="header-balance" title="Your workspace's credit balance">
                  {creditsLabel(balance)}
                </span>
              ) : null}
              <Link to="/profile" className="account-link" aria-label={`Your profile: ${userName}`}>
                <Avatar src={profile.avatarUrl || null} name={userName} size="sm" />
                <span className="account-text">
                  <span className="account-name" data-testid="header-user">{userName}</span>
                  {profile.displayName ? <span className="account-email">{profile.email}</span> : null}
                </span>
              </Link>
              <Form method="post" action="/logout">
                <button type="submit" className="btn btn-ghost btn-sm">Sign out</button>
              </Form>
            </div>
          </div>
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
function WorkspaceSwitcher({ account }: { account: AccountView }) {
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
