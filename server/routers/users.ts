import { z } from "zod";
import { BROWSER, authedProcedure, router } from "./trpc";
import { renameInAppSessions } from "../deployments";
import { changeEmailInput, changePasswordInput, changeSignInEmail, changeSignInPassword, getProfile, setAvatar, updateProfile, updateProfileInput } from "../users";

export const usersRouter = router({
  me: authedProcedure.meta(BROWSER).query(({ ctx }) => getProfile(ctx.em, ctx.session)),
  update: authedProcedure.meta(BROWSER).input(updateProfileInput).mutation(async ({ ctx, input }) => {
    const profile = await updateProfile(ctx.em, ctx.session, input);
    // Tools behind the app-proxy are told the person's name: they see the new one at once.
    if (input.displayName !== undefined) await renameInAppSessions(ctx.em, ctx.session.userId, profile.displayName);
    return profile;
  }),
  // The profile page's sign-in card (server-side calls only: not in BROWSER).
  changeEmail: authedProcedure.input(changeEmailInput).mutation(({ ctx, input }) => changeSignInEmail(ctx.em, ctx.session, ctx.clientAddress, input)),
  changePassword: authedProcedure.input(changePasswordInput).mutation(({ ctx, input }) => changeSignInPassword(ctx.em, ctx.session, ctx.clientAddress, input)),
  setAvatar: authedProcedure
    .input(z.object({ file: z.custom<Uint8Array>((value) => value instanceof Uint8Array, "Missing file") }))
    .mutation(({ ctx, input }) => setAvatar(ctx.em, ctx.session, input.file)),
});
