import type { MikroORM } from "@mikro-orm/postgresql";
import { appEnvironment } from "../apps";
import { assertKeyLookupsAllowed, countKeyFailure } from "../identity";
import { can } from "../members";
import { membershipRole } from "../tenants";
import { type AgentLocation, agentLocation, forgetAgentLocation, forgetInstanceAgents, recordAgentLocation } from "./agent-locations";
import { type AgentPrincipal, authenticateAgentToken, revokedAgentTokenIds } from "./agent-token-service";
import { type DeploymentEventInput, recordDeploymentEvent } from "./shell-events";

/*
 * What the shell broker (rest/ssh-broker) asks of the domain. Each call takes the runtime's
 * ORM and forks its own EntityManager, so the edge holds no unit of work and decides no
 * permission itself (ADR 069).
 */

/**
 * The principal of an agent token (`svc_at_…`), or null. Unknown tokens count against the
 * same per-address limit as unknown `svc_sk_` keys: 429 before the lookup while it is spent.
 */
export async function authenticateAgent(orm: MikroORM, token: string, clientAddress: string | null): Promise<AgentPrincipal | null> {
  const em = orm.em.fork();
  await assertKeyLookupsAllowed(em, clientAddress);
  const principal = await authenticateAgentToken(em, token);
  if (!principal) await countKeyFailure(em, clientAddress);
  return principal;
}

/** Which of these connected agents' tokens have been revoked (asked after a missed notification). */
export function revokedAgentTokens(orm: MikroORM, tokenIds: string[]): Promise<string[]> {
  return revokedAgentTokenIds(orm.em.fork(), tokenIds);
}

/**
 * Whether this person may still hold a shell in this workspace, asked of the database (the
 * truth after a membership change): a member whose role allows `deployments.shell`.
 */
export async function shellAccessFor(orm: MikroORM, tenantId: string, userId: string): Promise<boolean> {
  const role = await membershipRole(orm.em.fork(), tenantId, userId);
  return role !== null && can(role, "deployments.shell");
}

/** The variables a shell of this app's deployment starts with. */
export function shellEnvironment(orm: MikroORM, appId: string): Promise<Record<string, string>> {
  return appEnvironment(orm.em.fork(), appId);
}

/** A shell opened or closed, in the deployment's event log. */
export function recordShellEvent(orm: MikroORM, event: DeploymentEventInput): Promise<void> {
  return recordDeploymentEvent(orm.em.fork(), event);
}

/** This deployment's agent is connected at `location` (the other instances are told, ADR 043). */
export function locateAgent(orm: MikroORM, deploymentId: string, location: AgentLocation): Promise<void> {
  return recordAgentLocation(orm.em.fork(), deploymentId, location);
}

/** The instance the deployment's agent is connected to, or null. */
export function whereIsAgent(orm: MikroORM, deploymentId: string): Promise<AgentLocation | null> {
  return agentLocation(orm.em.fork(), deploymentId);
}

/** The agent left this instance (unless another instance has taken the deployment since). */
export function forgetAgent(orm: MikroORM, deploymentId: string, instanceId: string): Promise<void> {
  return forgetAgentLocation(orm.em.fork(), deploymentId, instanceId);
}

/** This instance is stopping: every agent it held is forgotten. */
export function forgetAgentsOfInstance(orm: MikroORM, instanceId: string): Promise<void> {
  return forgetInstanceAgents(orm.em.fork(), instanceId);
}
