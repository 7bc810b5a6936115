import { authRouter, identityProviderRouter } from "./identity/router";
import { tenantsRouter } from "./tenants/router";
import { createCallerFactory, router } from "./trpc";
import { usersRouter } from "./users/router";

/** The table of every domain area; each area's file lists its own procedures. */
export const appRouter = router({
  idp: identityProviderRouter,
  auth: authRouter,
  tenants: tenantsRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
