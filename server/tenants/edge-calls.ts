import type { MikroORM } from "@mikro-orm/postgresql";
import { resolveUserTenant, type UserTenant } from "./membership";

/* What the HTTP edge asks of workspaces: each call forks its own EntityManager (ADR 069). */

/** The workspace a person acts in (their first), or null when they belong to none. */
export function userTenantOf(orm: MikroORM, userId: string): Promise<UserTenant | null> {
  return resolveUserTenant(orm.em.fork(), userId);
}
