import { authRouter, identityProviderRouter } from "./identity";
import { tenantsRouter } from "./tenants";
import { createCallerFactory, router } from "./trpc";
import { usersRouter } from "./users";
import { appsRouter } from "./apps";
import { billingRouter } from "./billing";
import { devRouter } from "./dev";
import { cliRouter } from "./cli";
import { keysRouter } from "./keys";
import { membersRouter, workspacesRouter } from "./members";
import { deploymentsRouter } from "./deployments";
import { shellRouter } from "./shell";
import { connectionsRouter, integrationsRouter } from "./connections";
import { connectWizardRouter } from "./connect-wizard";
import { passwordResetRouter } from "./password-reset";

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
