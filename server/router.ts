import { authRouter, identityProviderRouter } from "./identity/router";
import { tenantsRouter } from "./tenants/router";
import { createCallerFactory, router } from "./trpc";
import { usersRouter } from "./users/router";
import { appsRouter } from "./apps/router";
import { billingRouter } from "./billing/router";
import { devRouter } from "./dev/router";
import { cliRouter } from "./keys/cli-router";
import { keysRouter } from "./keys/router";
import { membersRouter, workspacesRouter } from "./members/router";
import { deploymentsRouter } from "./deployments/router";
import { shellRouter } from "./shell/router";
import { connectionsRouter, integrationsRouter } from "./connections/router";
import { connectWizardRouter } from "./connections/wizard-router";
import { passwordResetRouter } from "./identity/password-reset-router";

/** The table of every domain area; each area's file lists its own procedures. */
export const appRouter = router({
  idp: identityProviderRouter,
  auth: authRouter,
  tenants: tenantsRouter,
  users: usersRouter,
  apps: appsRouter,
  keys: keysRouter,
  billing: billingRouter,
  dev: devRouter,
  cli: cliRouter,
  members: membersRouter,
  workspaces: workspacesRouter,
  deployments: deploymentsRouter,
  shell: shellRouter,
  connections: connectionsRouter,
  integrations: integrationsRouter,
  connectWizard: connectWizardRouter,
  passwordReset: passwordResetRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
