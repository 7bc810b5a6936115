import {
  adminCreateCustomProvider,
  adminCustomProviderInput,
  adminDeleteCustomProvider,
  adminGetCustomProvider,
  adminListCustomProviders,
  adminUpdateCustomProvider,
} from "../external-sign-in";
import { requireServiceRole } from "../identity";
import { publicProcedure, router } from "./trpc";

/**
 * GoTrue's admin custom provider API (issue 31, ADR 075): `custom:<identifier>` OAuth 2.0 and
 * OpenID providers an operator adds at run time, for the holder of the service-role key only
 * (any other bearer is `403 not_admin`).
 */
export const customProvidersRouter = router({
  list: publicProcedure.input(adminCustomProviderInput).query(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminListCustomProviders(ctx.em, input.type);
  }),
  create: publicProcedure.input(adminCustomProviderInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminCreateCustomProvider(ctx.em, input.fields);
  }),
  get: publicProcedure.input(adminCustomProviderInput).query(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminGetCustomProvider(ctx.em, input.identifier ?? "");
  }),
  update: publicProcedure.input(adminCustomProviderInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminUpdateCustomProvider(ctx.em, input.identifier ?? "", input.fields);
  }),
  delete: publicProcedure.input(adminCustomProviderInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminDeleteCustomProvider(ctx.em, input.identifier ?? "");
  }),
});
