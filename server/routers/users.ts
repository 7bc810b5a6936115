import { z } from "zod";
import { BROWSER, authedProcedure, router } from "./trpc";
import { getProfile, setAvatar, updateProfile, updateProfileInput } from "../users";

export const usersRouter = router({
  me: authedProcedure.meta(BROWSER).query(({ ctx }) => getProfile(ctx.em, ctx.session)),
  update: authedProcedure.meta(BROWSER).input(updateProfileInput).mutation(({ ctx, input }) => updateProfile(ctx.em, ctx.session, input)),
  setAvatar: authedProcedure
    .input(z.object({ file: z.custom<Uint8Array>((value) => value instanceof Uint8Array, "Missing file") }))
    .mutation(({ ctx, input }) => setAvatar(ctx.em, ctx.session, input.file)),
});
