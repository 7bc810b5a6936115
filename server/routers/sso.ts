import { countSsoRequest, providerForEmail, startSsoForEmail } from "../sso";
import { adminCreateSsoProvider, adminDeleteSsoProvider, adminGetSsoProvider, adminListSsoProviders, adminUpdateSsoProvider, finishOidcSso, finishSso, requireSamlEnabled, serviceProviderMetadata, ssoAdminInput, startSso } from "../sso";
import { requireServiceRole } from "../identity";
import { z } from "zod";
import { publicProcedure, router } from "./trpc";

/**
 * GoTrue's SAML single sign-on (issue 32, ADR 079): the admin provider API for the holder of
 * the service-role key only (any other bearer is `403 not_admin`), the sign-in's start, the
 * assertion consumer service and our service-provider metadata.
 */
export const ssoRouter = router({
  list: publicProcedure.input(ssoAdminInput).query(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminListSsoProviders(ctx.em, input.resourceId);
  }),
  create: publicProcedure.input(ssoAdminInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminCreateSsoProvider(ctx.em, input.fields);
  }),
  get: publicProcedure.input(ssoAdminInput).query(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminGetSsoProvider(ctx.em, input.id ?? "");
  }),
  update: publicProcedure.input(ssoAdminInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminUpdateSsoProvider(ctx.em, input.id ?? "", input.fields);
  }),
  delete: publicProcedure.input(ssoAdminInput).mutation(({ ctx, input }) => {
    requireServiceRole(input.serviceKey);
    return adminDeleteSsoProvider(ctx.em, input.id ?? "");
  }),
  start: publicProcedure.input(z.object({ fields: z.record(z.string(), z.unknown()) })).mutation(async ({ ctx, input }) => {
    await countSsoRequest(ctx.em, "start", ctx.clientAddress);
    return startSso(ctx.em, input.fields);
  }),
  acs: publicProcedure.input(z.object({ form: z.record(z.string(), z.string()) })).mutation(({ ctx, input }) => finishSso(ctx.em, input.form)),
  oidcCallback: publicProcedure.input(z.object({ query: z.record(z.string(), z.string()) })).mutation(({ ctx, input }) => finishOidcSso(ctx.em, input.query)),
  metadata: publicProcedure.input(z.object({ download: z.boolean() })).query(({ input }) => {
    requireSamlEnabled();
    return serviceProviderMetadata(input.download);
  }),
  /** /login's home-realm discovery (ADR 087): whether the email's domain signs in through a provider; nothing about accounts. */
  discover: publicProcedure.input(z.object({ email: z.string().max(320) })).query(async ({ ctx, input }) => {
    await countSsoRequest(ctx.em, "discovery", ctx.clientAddress);
    return { sso: (await providerForEmail(ctx.em, input.email)) !== null };
  }),
  startForEmail: publicProcedure
    .input(z.object({ email: z.string().max(320), redirectTo: z.string().max(2000), codeChallenge: z.string().min(43).max(128) }))
    .mutation(async ({ ctx, input }) => {
      await countSsoRequest(ctx.em, "start", ctx.clientAddress);
      return startSsoForEmail(ctx.em, input);
    }),
});
