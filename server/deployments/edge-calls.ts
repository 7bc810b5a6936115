import type { MikroORM } from "@mikro-orm/postgresql";
import { passesSsoRule, passesTwoStepRule, readSsoRule, readTwoStepRule, type RuleCaller } from "../members";
import { membershipRole } from "../tenants";
import { mintCode } from "./app-sessions";
import { type DeploymentTarget, findDeploymentByHost, parseAppHost } from "./deployment-lookup";

/*
 * What the dashboard half of the app-proxy handshake (rest/routes/app-authorize.ts) asks of
 * deployments. Each call forks its own EntityManager, and who may visit a tool is decided
 * here, not at the edge (ADR 069).
 */

/** What a signed-in person's visit to a tool's host comes to, in the order it is judged. */
export type ToolVisit =
  | { kind: "no-tool" }
  | { kind: "not-member"; target: DeploymentTarget }
  /** The workspace requires two-step sign-in and this session has not passed it (ADR 049). */
  | { kind: "two-step-required"; target: DeploymentTarget }
  /** The workspace requires single sign-on of this person's domain and this session did not come through it (ADR 086). */
  | { kind: "sso-required"; target: DeploymentTarget }
  | { kind: "welcome"; target: DeploymentTarget };

/** A member (any role) of the tool's workspace may visit it, once the workspace's two-step and single sign-on rules are met. */
export async function toolVisitFor(orm: MikroORM, host: string, person: { userId: string; secondFactor: RuleCaller; email: string; sessionId: string | null }): Promise<ToolVisit> {
  const parsed = parseAppHost(host);
  const em = orm.em.fork();
  const target = parsed?.name ? await findDeploymentByHost(() => em, parsed.host) : null;
  if (!parsed || !target) return { kind: "no-tool" };
  const role = await membershipRole(em, target.tenantId, person.userId);
  if (!role) return { kind: "not-member", target };
  if (!passesTwoStepRule(await readTwoStepRule(em, target.tenantId), person.secondFactor)) return { kind: "two-step-required", target };
  const ssoCaller = { kind: "session" as const, email: person.email, sessionId: person.sessionId };
  if (!(await passesSsoRule(em, target.tenantId, role, await readSsoRule(em, target.tenantId), ssoCaller))) return { kind: "sso-required", target };
  return { kind: "welcome", target };
}

/** The one-time code that sends the visitor on to the tool's `/.svc/callback`. */
export function mintToolCode(orm: MikroORM, input: Parameters<typeof mintCode>[1]): Promise<string> {
  return mintCode(orm.em.fork(), input);
}
