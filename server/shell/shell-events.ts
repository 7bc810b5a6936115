import type { EntityManager } from "@mikro-orm/postgresql";
import type { DeploymentEventView } from "./schemas";

export type DeploymentEventType = "deployment.shell.opened" | "deployment.shell.closed";

export interface DeploymentEventInput {
  deploymentId: string;
  tenantId: string;
  type: DeploymentEventType;
  actorUserId: string;
  actorEmail: string;
  data: Record<string, unknown>;
}

/** Appends one event to the deployment's log (the dashboard page lists the latest). */
export async function recordDeploymentEvent(em: EntityManager, event: DeploymentEventInput): Promise<void> {
  await em
    .getConnection()
    .execute(`insert into deployment_events (deployment_id, tenant_id, type, actor_user_id, actor_email, data) values (?, ?, ?, ?, ?, ?::jsonb)`, [
      event.deploymentId,
      event.tenantId,
      event.type,
      event.actorUserId,
      event.actorEmail,
      JSON.stringify(event.data),
    ]);
}

export async function listDeploymentEvents(em: EntityManager, deploymentId: string, limit = 50): Promise<DeploymentEventView[]> {
  const rows = await em
    .getConnection()
    .execute<{ id: string; type: string; actor_email: string | null; data: Record<string, unknown>; created_at: Date }[]>(
      `select id, type, actor_email, data, created_at from deployment_events where deployment_id = ? order by id desc limit ?`,
      [deploymentId, limit],
    );
  return rows.map((row) => ({
    id: String(row.id),
    type: row.type,
    actorEmail: row.actor_email,
    data: row.data,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
