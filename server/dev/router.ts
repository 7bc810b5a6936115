import { isAdmin } from "../identity/admins";
import { authedProcedure, router } from "../trpc";
import { issuePersonalKey } from "./personal-key";

export const devRouter = router({
  canBootstrapCli: authedProcedure.query(({ ctx }) => isAdmin(ctx.em, ctx.session)),
  personalKey: authedProcedure.mutation(({ ctx }) => issuePersonalKey(ctx.em, ctx.session)),
});
