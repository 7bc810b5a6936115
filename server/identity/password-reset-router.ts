import { z } from "zod";
import { getConfig } from "../config";
import { adminProcedure, publicProcedure, router } from "../trpc";
import { completePasswordReset, inspectResetLink, issueResetLink } from "./password-reset";

const tokenInput = z.object({ token: z.string({ error: "This reset link is not valid" }).max(200, "This reset link is not valid") });

/**
 * Password reset (docs/decisions/024): with the built-in identity provider an administrator
 * issues a one-time link and hands it over; the link's page sets the new password.
 */
export const passwordResetRouter = router({
  /** What "Forgot password?" tells a visitor: who can help. */
  mode: publicProcedure.query(() => ({ mode: getConfig().usesBuiltInIdentityProvider ? ("administrator" as const) : ("provider" as const) })),
  issue: adminProcedure
    .input(z.object({ email: z.string({ error: "Enter the account's email" }).trim().min(1, "Enter the account's email").max(254, "No account with this email") }))
    .mutation(({ ctx, input }) => issueResetLink(ctx.em, input.email, ctx.session.userId)),
  inspect: publicProcedure.input(tokenInput).query(({ ctx, input }) => inspectResetLink(ctx.em, input.token)),
  complete: publicProcedure
    .input(tokenInput.extend({ password: z.string({ error: "Password should be at least 8 characters." }) }))
    .mutation(({ ctx, input }) => completePasswordReset(ctx.em, input.token, input.password)),
});
