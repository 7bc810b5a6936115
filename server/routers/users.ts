import { z } from "zod";
import { BROWSER, authedProcedure, router } from "./trpc";
import { renameInAppSessions } from "../deployments";
import { getProfile, setAvatar, updateProfile, updateProfileInput } from "../users";

export const usersRouter = router({
  me: authedProcedure.meta(BROWSER).query(({ ctx }) => getProfile(ctx.em, ctx.session)),
  update: authedProcedure.meta(BROWSER).input(updateProfileInput).mutation(async ({ ctx, input }) => {
    const profile = await updateProfile(ctx.em, ctx.session, input);
    // Tools behind the app-proxy are told the person's name: they see the new one at once.
    if (input.displayName !== undefined) await renameInAppSessions(ctx.em, ctx.session.userId, profile.displayName);
    return profile;
  }),
  setAvatar: authedProcedure
    .input(z.object({ file: z.custom<Uint8Array>((value) => value instanceof Uint8Array, "Missing file") }))
    .mutation(({ ctx, input }) => setAvatar(ctx.em, ctx.session, input.file)),
});
