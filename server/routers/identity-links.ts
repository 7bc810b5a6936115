import { z } from "zod";
import { BuiltInIdentityProvider } from "../identity";
import { getConfig } from "../platform/config";
import { linkAuthorizeInput, requireManualLinking, signInMethodsOf, startExternalSignIn, unlinkIdentity, unlinkInput } from "../external-sign-in";
import { authedProcedure, publicProcedure, router } from "./trpc";

/**
 * Manual linking (GoTrue's `/user/identities`, issue 31, ADR 075): for auth-js with the
 * person's bearer (`authorize`, `unlink`), and for the profile page with its cookie session
 * (`methods`, `link`, `remove`; server-side calls only). GoTrue's order: the bearer first,
 * then whether linking is on.
 */
export const identityLinksRouter = router({
  authorize: publicProcedure.input(linkAuthorizeInput).mutation(async ({ ctx, input }) => {
    const { user } = await new BuiltInIdentityProvider(ctx.em).sessionFromToken(input.accessToken);
    requireManualLinking();
    return { url: await startExternalSignIn(ctx.em, input, { userId: user.id, opensSession: true }) };
  }),
  unlink: publicProcedure.input(unlinkInput).mutation(async ({ ctx, input }) => {
    const { user } = await new BuiltInIdentityProvider(ctx.em).sessionFromToken(input.accessToken);
    requireManualLinking();
    await unlinkIdentity(ctx.em, user.id, input.identityId);
    return {};
  }),
  methods: authedProcedure.query(({ ctx }) => signInMethodsOf(ctx.em, ctx.session.userId)),
  /** The provider's URL; its callback links the identity and comes back to the profile page without a new session. */
  link: authedProcedure.input(z.object({ provider: z.string().max(100) })).mutation(async ({ ctx, input }) => {
    requireManualLinking();
    const back = `${getConfig().baseUrl}/profile`;
    const url = await startExternalSignIn(
      ctx.em,
      { provider: input.provider, redirectTo: `${back}?linked=${encodeURIComponent(input.provider)}`, scopes: null, codeChallenge: null, codeChallengeMethod: null },
      { userId: ctx.session.userId, opensSession: false },
    );
    return { url };
  }),
  remove: authedProcedure.input(z.object({ identityId: z.string().max(200) })).mutation(async ({ ctx, input }) => {
    requireManualLinking();
    await unlinkIdentity(ctx.em, ctx.session.userId, input.identityId);
    return {};
  }),
});
