import type { MikroORM } from "@mikro-orm/postgresql";
import type { MembershipRole } from "../tenants";
import { assertSsoRule, type SsoRuleCaller } from "./sso-rule";

/* What the HTTP edge asks of memberships: each call forks its own EntityManager (ADR 069). */

/** The workspace's "require single sign-on" rule for a caller the edge authenticated (ADR 086). */
export function assertSsoRuleAtEdge(orm: MikroORM, tenantId: string, role: MembershipRole, requireSso: boolean | undefined, caller: SsoRuleCaller): Promise<void> {
  return assertSsoRule(orm.em.fork(), tenantId, role, requireSso, caller);
}
