import { isAdmin } from "../identity";
import { cliAppName } from "../apps";
import { tenantFor } from "../members";
import { caller } from "./caller";
import { z } from "zod";
import { BROWSER, authedProcedure, publicProcedure, router } from "./trpc";
import { issueDeviceKey, issuePersonalKey, revokeUndeliveredKey, revokeUndeliveredKeyInput } from "../dev";

export const devRouter = router({
  canBootstrapCli: authedProcedure.meta(BROWSER).query(({ ctx }) => isAdmin(ctx.em, ctx.session)),
  /** The workspace's CLI app's name (the workspace personalKey issues in), or null when the first `svc login` will create it. */
  cliApp: authedProcedure.query(async ({ ctx }) => cliAppName(ctx.em, (await tenantFor(caller(ctx), "workspace.read")).tenantId)),
  personalKey: authedProcedure.mutation(({ ctx }) => issuePersonalKey(ctx.em, ctx.session)),
  /** `svc login --device`: the device grant's access token (the REST edge reads it from the Authorization header) traded for a CLI key. */
  deviceKey: publicProcedure.input(z.object({ accessToken: z.string().max(8192) })).mutation(({ ctx, input }) => issueDeviceKey(ctx.em, input.accessToken)),
  revokeUndeliveredKey: authedProcedure
    .input(revokeUndeliveredKeyInput)
    .mutation(({ ctx, input }) => revokeUndeliveredKey(ctx.em, ctx.session, input.apiKey)),
});
