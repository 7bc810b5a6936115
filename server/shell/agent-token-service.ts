import { timingSafeEqual } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { z } from "zod";
import { recordChange } from "../changes";
import { AppError } from "../platform/errors";
import { notify } from "../platform/db/notifications";
import { hashAgentToken, isAgentTokenFormat, mintAgentToken } from "./agent-token-format";
import type { AgentTokenView } from "./schemas";

/** Tells every instance's broker to drop the agent connected with a revoked token. */
export const AGENT_TOKEN_REVOKED_CHANNEL = "svc_agent_token_revoked";

export interface AgentTokenRow {
  id: string;
  display_prefix: string;
  created_by_email: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export function agentTokenView(row: AgentTokenRow): AgentTokenView {
  return {
    id: row.id,
    prefix: row.display_prefix,
    createdBy: row.created_by_email,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  };
}

/** What an agent's token opens: one deployment of one workspace. */
export interface AgentPrincipal {
  tokenId: string;
  deploymentId: string;
  deploymentName: string;
  tenantId: string;
  appId: string;
}

export async function issueAgentToken(
  em: EntityManager,
  input: { deploymentId: string; tenantId: string; userId: string; email: string },
): Promise<{ token: string; view: AgentTokenView }> {
  const minted = mintAgentToken();
  // The token and its audit row commit together.
  const row = await em.transactional(async (tx) => {
    const rows = await tx.execute<AgentTokenRow[]>(
      `insert into deployment_agent_tokens (deployment_id, tenant_id, display_prefix, token_hash, created_by, created_by_email)
         values (?, ?, ?, ?, ?, ?) returning id, display_prefix, created_by_email, created_at, last_used_at, revoked_at`,
      [input.deploymentId, input.tenantId, minted.displayPrefix, minted.hash, input.userId, input.email],
    );
    await recordChange(tx, { tenantId: input.tenantId, audit: "agent_token.issued", data: { deploymentId: input.deploymentId, prefix: minted.displayPrefix }, target: { type: "agent_token", id: rows[0]!.id } });
    return rows[0]!;
  });
  return { token: minted.token, view: agentTokenView(row) };
}

export async function listAgentTokens(em: EntityManager, deploymentId: string): Promise<AgentTokenView[]> {
  const rows = await em
    .getConnection()
    .execute<AgentTokenRow[]>(
      `select id, display_prefix, created_by_email, created_at, last_used_at, revoked_at from deployment_agent_tokens where deployment_id = ? order by created_at desc, id`,
      [deploymentId],
    );
  return rows.map(agentTokenView);
}

/** Revokes one token of the deployment and disconnects its agent on every instance. */
export async function revokeAgentToken(em: EntityManager, deploymentId: string, tokenId: string): Promise<void> {
  // The id column is a uuid: anything else names no token and must not reach PostgreSQL.
  if (!z.uuid().safeParse(tokenId).success) throw new AppError("NOT_FOUND", "Agent token not found");
  await em.transactional(async (tx) => {
    const rows = await tx.execute<{ id: string; tenant_id: string; display_prefix: string }[]>(
      `update deployment_agent_tokens set revoked_at = now() where id = ? and deployment_id = ? and revoked_at is null returning id, tenant_id, display_prefix`,
      [tokenId, deploymentId],
    );
    if (rows.length === 0) throw new AppError("NOT_FOUND", "Agent token not found");
    await recordChange(tx, { tenantId: rows[0]!.tenant_id, audit: "agent_token.revoked", data: { deploymentId, prefix: rows[0]!.display_prefix }, target: { type: "agent_token", id: tokenId } });
    // Delivered on commit: agents are disconnected once the revocation is there to be read.
    await notify(tx, AGENT_TOKEN_REVOKED_CHANNEL, tokenId);
  });
}

/** The deployment behind a presented `svc_at_` token, or null (malformed, unknown, revoked). */
export async function authenticateAgentToken(em: EntityManager, token: string): Promise<AgentPrincipal | null> {
  if (!isAgentTokenFormat(token)) return null;
  const hash = hashAgentToken(token);
  const rows = await em.getConnection().execute<{ id: string; token_hash: string; deployment_id: string; name: string; tenant_id: string; app_id: string }[]>(
    `select t.id, t.token_hash, d.id as deployment_id, d.name, d.tenant_id, d.app_id
       from deployment_agent_tokens t join deployments d on d.id = t.deployment_id
      where t.token_hash = ? and t.revoked_at is null`,
    [hash],
  );
  const row = rows[0];
  if (!row || !timingSafeEqual(Buffer.from(row.token_hash), Buffer.from(hash))) return null;
  await em.getConnection().execute(`update deployment_agent_tokens set last_used_at = now() where id = ?`, [row.id]);
  return { tokenId: row.id, deploymentId: row.deployment_id, deploymentName: row.name, tenantId: row.tenant_id, appId: row.app_id };
}

/**
 * Before a deployment is deleted (its tokens go with it by cascade): tells every instance to
 * drop the deployment's connected agent, as a revocation would.
 */
export async function disconnectDeploymentAgents(em: EntityManager, deploymentId: string): Promise<void> {
  const rows = await em
    .getConnection()
    .execute<{ id: string }[]>(`select id from deployment_agent_tokens where deployment_id = ? and revoked_at is null`, [deploymentId]);
  for (const row of rows) await notify(em, AGENT_TOKEN_REVOKED_CHANNEL, row.id);
}

/** Of these agent token ids, the ones revoked (a revocation may have been missed while notifications were down). */
export async function revokedAgentTokenIds(em: EntityManager, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await em.getConnection().execute<{ id: string }[]>(`select id from deployment_agent_tokens where id = any(?::uuid[]) and revoked_at is not null`, [ids]);
  return rows.map((row) => row.id);
}
