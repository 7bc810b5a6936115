import type { EntityManager } from "@mikro-orm/postgresql";
import { notify } from "../platform/db/notifications";

/**
 * Where each deployment's agent is connected, when several instances share the database
 * (ADR 043): the instance (an id for its run) and the address the other instances relay to.
 */
export interface AgentLocation {
  instanceId: string;
  instanceUrl: string;
}

/** Every instance hears which one now holds a deployment's agent: the newest agent wins everywhere. */
export const AGENT_MOVED_CHANNEL = "svc_shell_agent_moved";

/** `<deployment id> <instance id>`, as sent on AGENT_MOVED_CHANNEL. */
export function agentMove(payload: string): { deploymentId: string; instanceId: string } | null {
  const [deploymentId, instanceId] = payload.split(" ");
  return deploymentId && instanceId ? { deploymentId, instanceId } : null;
}

export async function recordAgentLocation(em: EntityManager, deploymentId: string, location: AgentLocation): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.getConnection().execute(
      `insert into shell_agent_locations (deployment_id, instance_id, instance_url) values (?, ?, ?)
       on conflict (deployment_id) do update set instance_id = excluded.instance_id, instance_url = excluded.instance_url, connected_at = now()`,
      [deploymentId, location.instanceId, location.instanceUrl],
    );
    await notify(tx, AGENT_MOVED_CHANNEL, `${deploymentId} ${location.instanceId}`);
  });
}

/** The agent left this instance: its row goes, unless another instance has taken the deployment since. */
export async function forgetAgentLocation(em: EntityManager, deploymentId: string, instanceId: string): Promise<void> {
  await em.getConnection().execute(`delete from shell_agent_locations where deployment_id = ? and instance_id = ?`, [deploymentId, instanceId]);
}

/** An instance stopping forgets every agent it held. */
export async function forgetInstanceAgents(em: EntityManager, instanceId: string): Promise<void> {
  await em.getConnection().execute(`delete from shell_agent_locations where instance_id = ?`, [instanceId]);
}

export async function agentLocation(em: EntityManager, deploymentId: string): Promise<AgentLocation | null> {
  const rows = await em
    .getConnection()
    .execute<{ instance_id: string; instance_url: string }[]>(`select instance_id, instance_url from shell_agent_locations where deployment_id = ?`, [deploymentId]);
  const row = rows[0];
  return row ? { instanceId: row.instance_id, instanceUrl: row.instance_url } : null;
}
