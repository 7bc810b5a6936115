import { z } from "zod";
import { authedProcedure, router } from "./trpc";
import { bindFromWizard, loadWizard, type WizardCaller } from "../connections";

/** The embed wizard's two procedures (server/connections/wizard.ts); refusals are OAuthStartErrors. */
const wizardInput = z.object({ provider: z.string().min(1).max(64), query: z.string().max(8192) });

function wizardCaller(ctx: { em: WizardCaller["em"]; session: { userId: string; secondFactor: WizardCaller["secondFactor"]; email: string; sessionId: string | null }; preferredTenantId: string | null; clientAddress: string | null }): WizardCaller {
  return { em: ctx.em, userId: ctx.session.userId, preferredTenantId: ctx.preferredTenantId, clientAddress: ctx.clientAddress, secondFactor: ctx.session.secondFactor, email: ctx.session.email, sessionId: ctx.session.sessionId };
}

export const connectWizardRouter = router({
  view: authedProcedure.input(wizardInput).query(({ ctx, input }) => loadWizard(wizardCaller(ctx), input.provider, new URLSearchParams(input.query))),
  bind: authedProcedure
    .input(wizardInput.extend({ connectionId: z.string().max(64) }))
    .mutation(({ ctx, input }) => bindFromWizard(wizardCaller(ctx), input.provider, new URLSearchParams(input.query), input.connectionId)),
});
