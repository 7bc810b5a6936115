import type { Context } from "./context";
import type { SessionUser } from "../identity";
import type { WorkspaceCaller } from "../members";

/** The signed-in procedure context as `workspaceFor` needs it. */
export function caller(ctx: Context & { session: SessionUser }): WorkspaceCaller {
  return { em: ctx.em, userId: ctx.session.userId, preferredTenantId: ctx.preferredTenantId, secondFactor: ctx.session.secondFactor };
}
