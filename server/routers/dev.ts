import { isAdmin } from "../identity";
import { BROWSER, authedProcedure, router } from "./trpc";
import { issuePersonalKey, revokeUndeliveredKey, revokeUndeliveredKeyInput } from "../dev";

export const devRouter = router({
  canBootstrapCli: authedProcedure.meta(BROWSER).query(({ ctx }) => isAdmin(ctx.em, ctx.session)),
  personalKey: authedProcedure.mutation(({ ctx }) => issuePersonalKey(ctx.em, ctx.session)),
  revokeUndeliveredKey: authedProcedure
    .input(revokeUndeliveredKeyInput)
    .mutation(({ ctx, input }) => revokeUndeliveredKey(ctx.em, ctx.session, input.apiKey)),
});
