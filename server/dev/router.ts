import { z } from "zod";
import { isAdmin } from "../identity/admins";
import { authedProcedure, router } from "../trpc";
import { issuePersonalKey } from "./personal-key";
import { revokeUndeliveredKey } from "./revoke-undelivered-key";

export const devRouter = router({
  canBootstrapCli: authedProcedure.query(({ ctx }) => isAdmin(ctx.em, ctx.session)),
  personalKey: authedProcedure.mutation(({ ctx }) => issuePersonalKey(ctx.em, ctx.session)),
  revokeUndeliveredKey: authedProcedure
    .input(z.object({ apiKey: z.string({ error: "apiKey is required" }).max(200, "apiKey is too long") }))
    .mutation(({ ctx, input }) => revokeUndeliveredKey(ctx.em, ctx.session, input.apiKey)),
});
