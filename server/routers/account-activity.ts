import { accountActivityInput } from "../changes";
import { listAccountActivity } from "../identity";
import { BROWSER, authedProcedure, router } from "./trpc";

/**
 * The profile page's "Recent account activity" (issue 20 section 4): the person's own
 * sign-ins, sessions and factors from the audit log, whatever their role; `/audit` stays the
 * owner's. Reachable from the dashboard's browser client for "Show more".
 */
export const accountActivityRouter = router({
  list: authedProcedure
    .meta(BROWSER)
    .input(accountActivityInput)
    .query(({ ctx, input }) => listAccountActivity(ctx.em, ctx.session.userId, input)),
});
