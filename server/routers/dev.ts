import { isAdmin } from "../identity/admins";
import { authedProcedure, router } from "./trpc";
import { issuePersonalKey } from "../dev/personal-key";
import { revokeUndeliveredKey } from "../dev/revoke-undelivered-key";
import { revokeUndeliveredKeyInput } from "../dev/schemas";

export const devRouter = router({
  canBootstrapCli: authedProcedure.query(({ ctx }) => isAdmin(ctx.em, ctx.session)),
  personalKey: authedProcedure.mutation(({ ctx }) => issuePersonalKey(ctx.em, ctx.session)),
  revokeUndeliveredKey: authedProcedure
    .input(revokeUndeliveredKeyInput)
    .mutation(({ ctx, input }) => revokeUndeliveredKey(ctx.em, ctx.session, input.apiKey)),
});
