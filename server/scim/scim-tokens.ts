import { randomUUID, timingSafeEqual } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { recordChange } from "../changes";
import { AppError } from "../platform/errors";
import { hashScimToken, isScimTokenFormat, mintScimToken } from "./scim-token-format";

export interface ScimTokenView {
  id: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The workspace a presented token provisions, and the token itself as the audit log's actor. */
export interface ScimPrincipal {
  tokenId: string;
  tenantId: string;
  prefix: string;
}

/** The only time the token is ever shown; its audit row commits with it. */
export async function createScimToken(em: EntityManager, tenantId: string, createdBy: string): Promise<{ id: string; token: string; createdAt: string }> {
  const minted = mintScimToken();
  const id = randomUUID();
  const createdAt = new Date();
  await em.transactional(async (tx) => {
    await tx.execute(
      `insert into scim_tokens (id, tenant_id, token_hash, display_prefix, created_by, created_at) values (?, ?, ?, ?, ?, ?)`,
      [id, tenantId, minted.hash, minted.displayPrefix, createdBy, createdAt],
    );
    await recordChange(tx, { tenantId, audit: "scim_token.created", data: { prefix: minted.displayPrefix }, target: { type: "scim_token", id } });
  });
  return { id, token: minted.token, createdAt: createdAt.toISOString() };
}

export async function listScimTokens(em: EntityManager, tenantId: string): Promise<ScimTokenView[]> {
  const rows = await em.getConnection().execute<{ id: string; display_prefix: string; created_at: Date; last_used_at: Date | null }[]>(
    `select id, display_prefix, created_at, last_used_at from scim_tokens where tenant_id = ? and revoked_at is null order by created_at desc`,
    [tenantId],
  );
  return rows.map((row) => ({ id: row.id, prefix: row.display_prefix, createdAt: new Date(row.created_at).toISOString(), lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null }));
}

/** A revoked token is refused on its next request on every instance: tokens are looked up afresh, never cached. */
export async function revokeScimToken(em: EntityManager, tenantId: string, id: string): Promise<void> {
  await em.transactional(async (tx) => {
    const rows = await tx.execute<{ display_prefix: string }[]>(
      `update scim_tokens set revoked_at = now() where id = ? and tenant_id = ? and revoked_at is null returning display_prefix`,
      [id, tenantId],
    );
    if (!rows[0]) throw new AppError("NOT_FOUND", "SCIM token not found");
    await recordChange(tx, { tenantId, audit: "scim_token.revoked", data: { prefix: rows[0].display_prefix }, target: { type: "scim_token", id } });
  });
}

/** The workspace behind a presented token, or null (malformed, unknown or revoked). */
export async function authenticateScimToken(em: EntityManager, token: string): Promise<ScimPrincipal | null> {
  if (!isScimTokenFormat(token)) return null;
  const hash = hashScimToken(token);
  const rows = await em.getConnection().execute<{ id: string; tenant_id: string; token_hash: string; display_prefix: string; stale: boolean }[]>(
    `select id, tenant_id, token_hash, display_prefix, (last_used_at is null or last_used_at < now() - interval '1 minute') as stale
       from scim_tokens where token_hash = ? and revoked_at is null`,
    [hash],
  );
  const row = rows[0];
  if (!row || !timingSafeEqual(Buffer.from(row.token_hash), Buffer.from(hash))) return null;
  // Its use is written at most once a minute.
  if (row.stale) await em.getConnection().execute(`update scim_tokens set last_used_at = now() where id = ?`, [row.id]);
  return { tokenId: row.id, tenantId: row.tenant_id, prefix: row.display_prefix };
}
