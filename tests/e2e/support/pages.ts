import type { RunningService } from "../../support/service";
import { api, createTenant, signUp, uniqueEmail, uniqueSlug, type TestUser } from "../../support/http";
import { trpc } from "../../support/trpc";

/**
 * Every page of the dashboard, for the checks that must hold on all of them (no sideways
 * scrolling at 390 px and at 1280 px, a skip link, a title). A new page is one more line
 * here; `seed` makes the data the pages need, with long names so the layout is tested at
 * its worst.
 */
export interface DashboardPage {
  /** What the page is, for the test's name. */
  name: string;
  /** Who opens it: nobody, the administrator with a full workspace, or a new account with none. */
  as: "visitor" | "admin" | "newcomer";
  path: (seed: Seed) => string;
  /** The document's status when not 200 (404 pages, an invitation meant for someone else). */
  status?: number;
}

export const PAGES: DashboardPage[] = [
  { name: "landing", as: "visitor", path: () => "/" },
  { name: "sign in", as: "visitor", path: () => "/login" },
  { name: "sign up", as: "visitor", path: () => "/signup" },
  { name: "signed out", as: "visitor", path: () => "/logout" },
  { name: "forgot password", as: "visitor", path: () => "/forgot-password" },
  { name: "reset password (unknown link)", as: "visitor", path: () => "/reset-password/not-a-real-token", status: 404 },
  { name: "404 signed out", as: "visitor", path: () => "/no-such-page", status: 404 },
  { name: "invitation, signed out", as: "visitor", path: (s) => s.invitePath },
  { name: "confirm an address", as: "visitor", path: () => `/confirm-email/${"x".repeat(43)}` },
  { name: "onboarding", as: "newcomer", path: () => "/onboarding" },
  { name: "overview", as: "admin", path: () => "/dashboard" },
  { name: "apps", as: "admin", path: () => "/apps" },
  { name: "app with variables", as: "admin", path: (s) => `/apps/${s.appId}` },
  { name: "API keys", as: "admin", path: () => "/keys" },
  { name: "credits", as: "admin", path: () => "/credits" },
  { name: "connections", as: "admin", path: () => "/connections" },
  { name: "connect wizard", as: "admin", path: () => "/connections/connect/github" },
  { name: "deployments", as: "admin", path: () => "/deployments" },
  { name: "deployment", as: "admin", path: (s) => `/deployments/${s.deploymentName}` },
  { name: "members", as: "admin", path: () => "/members" },
  { name: "settings", as: "admin", path: () => "/settings" },
  { name: "single sign-on", as: "admin", path: () => "/settings/sso" },
  { name: "webhooks", as: "admin", path: () => "/webhooks" },
  { name: "profile", as: "admin", path: () => "/profile" },
  { name: "admin credits", as: "admin", path: () => "/admin/credits" },
  { name: "admin ledger of a workspace", as: "admin", path: (s) => `/admin/credits/${s.tenantId}` },
  { name: "admin password reset", as: "admin", path: () => "/admin/users" },
  { name: "admin integrations", as: "admin", path: () => "/admin/integrations" },
  { name: "CLI login", as: "admin", path: (s) => `/dev/cli-bootstrap?cb=${encodeURIComponent("http://127.0.0.1:9/done")}&mode=personal-key` },
  { name: "invitation for another account", as: "admin", path: (s) => s.invitePath, status: 403 },
  { name: "404 signed in", as: "admin", path: () => "/no-such-page", status: 404 },
  { name: "404 under a known section", as: "admin", path: (s) => `/apps/${s.tenantId}`, status: 404 },
];

export interface Seed {
  admin: TestUser;
  newcomer: TestUser;
  tenantId: string;
  appId: string;
  deploymentName: string;
  invitePath: string;
}

const LONG = "Acme Robotics International Holdings";

/** The data the pages show: a workspace with an app, long variables, keys, a deployment, an invitation. */
export async function seedPages(service: RunningService, upstreamUrl: string): Promise<Seed> {
  const admin = await signUp(service, uniqueEmail("a-rather-long-administrator-address")); // first account: administrator
  const tenant = await createTenant(service, admin, uniqueSlug("acme"), LONG);
  await api(service, "/api/user/me", { method: "PATCH", cookie: admin.cookie, json: { displayName: "Augusta Ada King, Countess of Lovelace" } });
  const app = await trpc(service, admin, "apps.create", { name: "Billing reconciliation worker for the EU region" });
  const appId = app.data.id as string;
  await trpc(service, admin, "apps.setEnv", { appId, key: "DATABASE_URL_FOR_THE_PRIMARY_REPLICA_IN_FRANKFURT", value: "postgres://user:pw@db.internal.example.com:5432/billing?sslmode=require" });
  await trpc(service, admin, "apps.setEnv", { appId, key: "API_TOKEN", value: "s3cret" });
  await trpc(service, admin, "keys.create", { appId, name: "Nightly reconciliation job on the build server" });
  await trpc(service, admin, "keys.create", { appId });
  const deploymentName = "reports-for-finance";
  const deployment = await api(service, "/api/deployments", { method: "POST", cookie: admin.cookie, json: { name: deploymentName, upstreamUrl } });
  if (deployment.status !== 201) throw new Error(`deployment: ${deployment.status} ${deployment.text}`);
  const invitation = await api(service, "/api/tenants/me/invitations", { method: "POST", cookie: admin.cookie, json: { email: uniqueEmail("invitee"), role: "member" } });
  if (invitation.status !== 201) throw new Error(`invitation: ${invitation.status} ${invitation.text}`);
  const newcomer = await signUp(service);
  return { admin, newcomer, tenantId: tenant.id, appId, deploymentName, invitePath: new URL(invitation.body.url).pathname };
}
