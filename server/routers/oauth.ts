import { z } from "zod";
import { CLI_CLIENT_ID, consentDetails, listAuthorizedApplications, revokeAuthorizedApplication } from "../oauth-server";
import { resolveUserTenant } from "../tenants";
import { AppError } from "../platform/errors";
import { deployedToolResources } from "./oauth-resources";
import { authedProcedure, router } from "./trpc";

const GRANT_ID = z.uuid({ error: "Authorized application not found" });

/** The dashboard's side of the authorization server (issue 15): the consent page and the profile's authorized applications. */
export const oauthRouter = router({
  consent: authedProcedure
    .input(z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }))
    .query(async ({ ctx, input }) => {
      const details = await consentDetails(ctx.em, deployedToolResources(() => ctx.em), input.uid);
      if (!details || details.client.id !== CLI_CLIENT_ID) return details;
      // The workspace the key will be minted in: the one mintCliKey picks (no dashboard choice
      // travels with the device's later request), with the person's role there.
      const tenant = await resolveUserTenant(ctx.em, ctx.session.userId, null);
      return { ...details, cliKey: tenant ? { workspace: { name: tenant.name, slug: tenant.slug }, role: tenant.role } : null };
    }),
  grants: authedProcedure.query(({ ctx }) => listAuthorizedApplications(ctx.em, ctx.session.userId)),
  /** Revoking ends the grant's session row: its refresh tokens stop, its access tokens are refused everywhere within a second. */
  revokeGrant: authedProcedure.input(z.object({ grantId: GRANT_ID })).mutation(async ({ ctx, input }) => {
    if (!(await revokeAuthorizedApplication(ctx.em, ctx.session.userId, input.grantId))) throw new AppError("NOT_FOUND", "Authorized application not found");
    return { revoked: true as const };
  }),
});
