import { z } from "zod";
import { getConfig } from "../platform/config";
import { isSafeName } from "../platform/validation/text";
import { AppError } from "../platform/errors";
import { log } from "../platform/log";
import { adminProcedure, publicProcedure, router } from "./trpc";
import { consumeRateLimit } from "../platform/rate-limit";
import { canSendMail, sendMail } from "../platform/mailer";
import { completePasswordReset, inspectResetLink, issueResetLink, mailResetLink, MAIL_SENT_MESSAGE } from "../identity";

/** An address as typed: never NUL, controls or broken UTF-16 (they would reach PostgreSQL). */
const emailInput = (empty: string) =>
  z.object({
    email: z
      .string({ error: empty })
      .trim()
      .min(1, empty)
      .max(254, "Enter a valid email")
      .refine(isSafeName, { message: "Enter a valid email" }),
  });

const tokenInput = z.object({ token: z.string({ error: "This reset link is not valid" }).max(200, "This reset link is not valid") });

/**
 * Password reset (docs/decisions/024): with the built-in identity provider a one-time link
 * goes by mail when SMTP_URL is set, and an administrator can always issue one and hand it
 * over; the link's page sets the new password.
 */
export const passwordResetRouter = router({
  /** What "Forgot password?" tells a visitor: who can help. */
  mode: publicProcedure.query(() => ({
    mode: !getConfig().usesBuiltInIdentityProvider ? ("provider" as const) : canSendMail() ? ("email" as const) : ("administrator" as const),
  })),
  /** With SMTP_URL: a link by mail; the same answer for every address (no account discovery). */
  requestByEmail: publicProcedure
    .input(emailInput("Enter your email"))
    .mutation(async ({ ctx, input }) => {
      if (!canSendMail()) throw new AppError("NOT_FOUND", "Not found");
      const config = getConfig();
      if (ctx.clientAddress) await consumeRateLimit(ctx.em, `reset-mail-address:${ctx.clientAddress}`, config.SIGNUP_RATE_LIMIT_PER_ADDRESS, config.AUTH_RATE_WINDOW_SECONDS);
      // Not awaited: the answer takes the same time whether or not the account exists.
      void mailResetLink(ctx.em.fork(), input.email, sendMail).catch((error: unknown) =>
        log.warn("password reset mail failed", { error: (error as Error).message }),
      );
      return { message: MAIL_SENT_MESSAGE };
    }),
  issue: adminProcedure
    .input(emailInput("Enter the account's email"))
    .mutation(({ ctx, input }) => issueResetLink(ctx.em, input.email, ctx.session.userId)),
  inspect: publicProcedure.input(tokenInput).query(({ ctx, input }) => inspectResetLink(ctx.em, input.token)),
  complete: publicProcedure
    .input(tokenInput.extend({ password: z.string({ error: "Password should be at least 8 characters." }) }))
    .mutation(({ ctx, input }) => completePasswordReset(ctx.em, input.token, input.password)),
});
