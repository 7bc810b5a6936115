import type { Context } from "./context";
import type { SessionUser } from "../identity";
import type { TenantCaller } from "../members";

/** The signed-in procedure context as `tenantFor` needs it. */
export function caller(ctx: Context & { session: SessionUser }): TenantCaller {
  return { em: ctx.em, userId: ctx.session.userId, preferredTenantId: ctx.preferredTenantId, secondFactor: ctx.session.secondFactor, email: ctx.session.email, sessionId: ctx.session.sessionId };
}
