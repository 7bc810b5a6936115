import { adminCreateOAuthClient, adminDeleteOAuthClient, adminGetOAuthClient, adminListOAuthClients, adminOAuthClientInput, adminRegenerateOAuthClientSecret, adminUpdateOAuthClient } from "../oauth-server";
import { adminDeleteFactor, adminFactorInput, adminListFactors } from "../two-step";
import { requireServiceRole } from "../identity";
import { publicProcedure, router } from "./trpc";

/**
 * GoTrue's admin routes over the account-security and OAuth 2.1 server features (issue 16):
 * the OAuth clients of the authorization server and a person's two-step factors, each for
 * the holder of the service-role key only (any other bearer is `403 not_admin`).
 */
export const identityAdminSecurityRouter = router({
  listOAuthClients: publicProcedure.input(adminOAuthClientInput).query(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminListOAuthClients(ctx.em, input.page, input.perPage);
  }),
  createOAuthClient: publicProcedure.input(adminOAuthClientInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminCreateOAuthClient(ctx.em, input.fields);
  }),
  getOAuthClient: publicProcedure.input(adminOAuthClientInput).query(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminGetOAuthClient(ctx.em, input.id ?? "");
  }),
  updateOAuthClient: publicProcedure.input(adminOAuthClientInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminUpdateOAuthClient(ctx.em, input.id ?? "", input.fields);
  }),
  deleteOAuthClient: publicProcedure.input(adminOAuthClientInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminDeleteOAuthClient(ctx.em, input.id ?? "");
  }),
  regenerateOAuthClientSecret: publicProcedure.input(adminOAuthClientInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminRegenerateOAuthClientSecret(ctx.em, input.id ?? "");
  }),
  listFactors: publicProcedure.input(adminFactorInput).query(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminListFactors(ctx.em, input.userId);
  }),
  deleteFactor: publicProcedure.input(adminFactorInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminDeleteFactor(ctx.em, input.userId, input.factorId ?? "");
  }),
});
