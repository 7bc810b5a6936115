import { listSignedInSessions, revokeOtherSignedInSessions, revokeSignedInSession, sessionIdInput } from "../identity";
import { AppError } from "../platform/errors";
import { authedProcedure, router } from "./trpc";

/**
 * "Where you're signed in" (issue 20, section 3): the person's own browser sessions. Ending
 * one goes through the revocation every sign-out uses, so every instance refuses it at once.
 */
export const sessionsRouter = router({
  list: authedProcedure.query(async ({ ctx }) => ({
    sessions: await listSignedInSessions(ctx.em, ctx.session.userId, ctx.session.sessionId),
  })),
  revoke: authedProcedure
    .input(sessionIdInput)
    .mutation(async ({ ctx, input }) => {
      await revokeSignedInSession(ctx.em, ctx.session.userId, input.sessionId);
      return { revoked: true as const };
    }),
  revokeOthers: authedProcedure.mutation(async ({ ctx }) => {
    // A hosted provider's session has no row here to keep: nothing to compare "others" to.
    if (!ctx.session.sessionId) throw new AppError("BAD_REQUEST", "This session cannot tell its other sessions apart");
    return { signedOut: await revokeOtherSignedInSessions(ctx.em, ctx.session.userId, ctx.session.sessionId) };
  }),
});
