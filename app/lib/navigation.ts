import type { AccountView } from "./view-types";

/**
 * What the header offers, in three groups as Vercel and Supabase do (issue 20 section 5): the
 * workspace's pages, the person's own account, and the service's administration. One place
 * decides who sees which link; the pages themselves still refuse whoever may not use them.
 */
export interface NavItem {
  to: string;
  label: string;
}

/** Owners read the workspace's audit log (issue 20 section 4); there is no other workspace role above member. */
export function readsAuditLog(account: AccountView): boolean {
  return account.role === "owner";
}

/** The workspace's pages; none without a workspace (onboarding comes first). */
export function tenantPages(account: AccountView): NavItem[] {
  if (!account.workspace) return [];
  const owner = account.role === "owner";
  return [
    { to: "/dashboard", label: "Overview" },
    { to: "/apps", label: "Apps" },
    { to: "/connections", label: "Connections" },
    { to: "/deployments", label: "Deployments" },
    { to: "/members", label: "Members" },
    { to: "/credits", label: "Credits" },
    ...(readsAuditLog(account) ? [{ to: "/audit", label: "Audit log" }] : []),
    ...(owner ? [{ to: "/settings", label: "Settings" }] : []),
  ];
}

/**
 * The person's own pages. Security is the profile page's section of sign-in protections
 * (two-step sign-in, passkeys, where you're signed in); keys are the CLI and app keys the
 * person mints in their workspace, so they need one.
 */
export function accountPages(account: AccountView): NavItem[] {
  return [
    { to: "/profile", label: "Profile" },
    { to: "/profile#security", label: "Security" },
    ...(account.workspace ? [{ to: "/keys", label: "API Keys" }] : []),
  ];
}

/** The service administrators' pages (every workspace's credits, the integration catalog, users). */
export function adminPages(account: AccountView): NavItem[] {
  if (!account.isAdmin) return [];
  return [
    { to: "/admin/credits", label: "Credits" },
    { to: "/admin/integrations", label: "Integrations" },
    { to: "/admin/users", label: "Users" },
  ];
}
