import { authRouter, identityProviderRouter } from "./identity";
import { tenantsRouter } from "./tenants";
import { createCallerFactory, router, type ProcedureMeta } from "./trpc";
import { usersRouter } from "./users";
import { appsRouter } from "./apps";
import { balanceRouter } from "./balance";
import { devRouter } from "./dev";
import { cliRouter } from "./cli";
import { keysRouter } from "./keys";
import { membersRouter, tenantSwitcherRouter } from "./members";
import { deploymentsRouter } from "./deployments";
import { shellRouter } from "./shell";
import { connectionsRouter, integrationsRouter } from "./connections";
import { connectWizardRouter } from "./connect-wizard";
import { passwordResetRouter } from "./password-reset";
import { oauthRouter } from "./oauth";
import { webhooksRouter } from "./webhooks";
import { workspaceDomainsRouter } from "./workspace-domains";
import { workspaceSsoRouter } from "./workspace-sso";
import { sessionsRouter } from "./sessions";
import { oauthClientsRouter } from "./oauth-clients";
import { identityAdminSecurityRouter } from "./identity-admin-security";
import { auditLogRouter } from "./audit-log";
import { accountActivityRouter } from "./account-activity";
import { identityLinksRouter } from "./identity-links";
import { customProvidersRouter } from "./custom-providers";
import { ssoRouter } from "./sso";
import { scimRouter } from "./scim";

/** The table of every domain area; each area's file lists its own procedures. */
export const appRouter = router({
  idp: identityProviderRouter,
  auth: authRouter,
  tenants: tenantsRouter,
  users: usersRouter,
  apps: appsRouter,
  keys: keysRouter,
  /** Keeps its key: the dashboard calls /trpc/billing.* from the browser and the SPEC lists `billing.*` in the allow-list. */
  billing: balanceRouter,
  dev: devRouter,
  cli: cliRouter,
  members: membersRouter,
  scim: scimRouter,
  workspaces: tenantSwitcherRouter,
  deployments: deploymentsRouter,
  shell: shellRouter,
  connections: connectionsRouter,
  integrations: integrationsRouter,
  connectWizard: connectWizardRouter,
  passwordReset: passwordResetRouter,
  oauth: oauthRouter,
  webhooks: webhooksRouter,
  workspaceDomains: workspaceDomainsRouter,
  workspaceSso: workspaceSsoRouter,
  auditLog: auditLogRouter,
  sessions: sessionsRouter,
  accountActivity: accountActivityRouter,
  identityLinks: identityLinksRouter,
  oauthClients: oauthClientsRouter,
  idpAdminSecurity: identityAdminSecurityRouter,
  customProviders: customProvidersRouter,
  sso: ssoRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);

/** The dotted names (`tenants.checkSlug`) of the procedures declared with `.meta(BROWSER)`. */
export function browserProcedureNames(): string[] {
  // tRPC keeps every procedure under its dotted path in `_def.procedures` (its adapters look
  // them up there); the typings describe the nested record instead.
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>;
  return Object.keys(procedures).filter((name) => procedures[name]!._def.meta?.browser === true);
}
