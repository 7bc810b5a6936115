import { z } from "zod";
import { consentDetails } from "../identity";
import { deployedToolResources } from "./oauth-resources";
import { authedProcedure, router } from "./trpc";

/** The dashboard's side of the authorization server (issue 15): the consent page's content. */
export const oauthRouter = router({
  consent: authedProcedure
    .input(z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }))
    .query(({ ctx, input }) => consentDetails(ctx.em, deployedToolResources(() => ctx.em), input.uid)),
});
