import { Form, Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { creditsLabel } from "~/lib/format";
import type { AccountView } from "~/lib/view-types";
import { Avatar } from "./Avatar";

const NAV = [
  { to: "/dashboard", label: "Overview" },
  { to: "/apps", label: "Apps" },
  { to: "/keys", label: "API Keys" },
  { to: "/settings", label: "Settings" },
  { to: "/profile", label: "Profile" },
];
const ADMIN = { to: "/admin/credits", label: "Admin" };

/** Every signed-in page: a header with the workspace, the navigation and the user. */
export function AppShell({ account, children }: { account: AccountView; children: ReactNode }) {
  const { profile, workspace, balance, isAdmin } = account;
  // Workspace pages need a workspace; the Admin area only needs an administrator.
  const nav = [...(workspace ? NAV : []), ...(isAdmin ? [ADMIN] : [])];
  const userName = profile.displayName || profile.email;
  return (
    <div className="shell">
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
      </header>
      <main className="page">{children}</main>
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
