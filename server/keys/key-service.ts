import { randomUUID, timingSafeEqual } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { recordChange } from "../changes";
import { AppError } from "../platform/errors";
import { log } from "../platform/log";
import { AppKey, type KeyPurpose } from "./entities";
import { cacheKey, cachedKey, publishKeyRevoked, type AppKeyPrincipal } from "./key-cache";
import { hashAppKey, isAppKeyFormat, mintAppKey } from "./key-format";

export type { AppKeyPrincipal } from "./key-cache";

export interface IssuedKey {
  apiKey: string;
  key: AppKey;
}

export async function issueAppKey(
  em: EntityManager,
  input: { tenantId: string; appId: string; userId: string; email: string; purpose: KeyPurpose; name?: string | null },
): Promise<IssuedKey> {
  const minted = mintAppKey();
  // The key and its audit row commit together.
  return em.transactional(async (tx) => {
    const key = tx.create(AppKey, {
    id: randomUUID(),
    tenantId: input.tenantId,
    appId: input.appId,
    name: input.name || null,
    issuedBy: input.userId,
    issuedToEmail: input.email,
    purpose: input.purpose,
    displayPrefix: minted.displayPrefix,
    keyHash: minted.hash,
    createdAt: new Date(),
    lastUsedAt: null,
    revokedAt: null,
    });
    await tx.flush();
    await recordChange(tx, {
      tenantId: input.tenantId,
      audit: "key.minted",
      data: { name: key.name, purpose: key.purpose, prefix: key.displayPrefix, appId: key.appId, issuedTo: key.issuedToEmail },
      target: { type: "key", id: key.id },
    });
    return { apiKey: minted.key, key };
  });
}

/**
 * Revokes keys matching `where` (SQL over app_keys) and tells every instance; each revocation
 * is recorded in its workspace's audit log in the same transaction.
 */
async function revokeWhere(em: EntityManager, where: string, params: unknown[]): Promise<string[]> {
  return em.transactional(async (tx) => {
    const rows = await tx.execute<{ id: string; tenant_id: string; name: string | null; purpose: KeyPurpose; display_prefix: string }[]>(
      `update app_keys set revoked_at = now() where revoked_at is null and ${where} returning id, tenant_id, name, purpose, display_prefix`,
      params,
    );
    for (const row of rows) {
      await recordChange(tx, { tenantId: row.tenant_id, audit: "key.revoked", data: { name: row.name, purpose: row.purpose, prefix: row.display_prefix }, target: { type: "key", id: row.id } });
      await publishKeyRevoked(tx, row.id);
    }
    return rows.map((row) => row.id);
  });
}

export async function revokeAppKey(em: EntityManager, tenantId: string, keyId: string): Promise<void> {
  const revoked = await revokeWhere(em, "id = ? and tenant_id = ?", [keyId, tenantId]);
  if (revoked.length === 0) throw new AppError("NOT_FOUND", "Key not found");
}

export function revokeKeyById(em: EntityManager, keyId: string): Promise<string[]> {
  return revokeWhere(em, "id = ?", [keyId]);
}

/** A member removed from a workspace keeps no key into it. */
export function revokeMemberKeys(em: EntityManager, tenantId: string, userId: string): Promise<string[]> {
  return revokeWhere(em, "tenant_id = ? and issued_by = ?", [tenantId, userId]);
}

/** Every key of an app, before the app goes. */
export function revokeAppKeys(em: EntityManager, appId: string): Promise<string[]> {
  return revokeWhere(em, "app_id = ?", [appId]);
}

/** Every key a person minted, in every workspace: an account suspended whole (SCIM, ADR 080) keeps none. */
export function revokeKeysIssuedBy(em: EntityManager, userId: string): Promise<string[]> {
  return revokeWhere(em, "issued_by = ?", [userId]);
}

export function revokeUserCliKeys(em: EntityManager, userId: string): Promise<string[]> {
  return revokeWhere(em, "issued_by = ? and purpose = 'cli'", [userId]);
}

/**
 * Revokes one CLI key of `userId`, named by the key itself (its holder proves possession).
 * Resolves the ids revoked: none when the key is unknown, someone else's or already revoked.
 */
export function revokeOwnCliKey(em: EntityManager, userId: string, token: string): Promise<string[]> {
  if (!isAppKeyFormat(token)) return Promise.resolve([]);
  return revokeWhere(em, "key_hash = ? and issued_by = ? and purpose = 'cli'", [hashAppKey(token), userId]);
}

export function listKeys(em: EntityManager, tenantId: string): Promise<AppKey[]> {
  return em.find(AppKey, { tenantId }, { orderBy: { createdAt: "desc" } });
}

const TOUCH_INTERVAL_MS = 60_000;
const lastTouched = new Map<string, number>();

/** `last_used_at` is written at most once a minute per key, off the request's path. */
function touchLastUsed(em: () => EntityManager, keyId: string): void {
  const now = Date.now();
  if ((lastTouched.get(keyId) ?? 0) > now - TOUCH_INTERVAL_MS) return;
  lastTouched.set(keyId, now);
  if (lastTouched.size > 50_000) lastTouched.clear();
  em()
    .getConnection()
    .execute(`update app_keys set last_used_at = now() where id = ?`, [keyId])
    .catch((error) => log.warn("could not record key use", { keyId, error: (error as Error).message }));
}

/** A cached key's principal without I/O (recording its use); undefined when not cached. */
export function authenticateCachedKey(em: () => EntityManager, token: string): AppKeyPrincipal | undefined {
  const principal = cachedKey(hashAppKey(token));
  if (principal) touchLastUsed(em, principal.keyId);
  return principal;
}

/** The principal behind a presented `svc_sk_` key, or null (unknown, malformed or revoked). */
export async function authenticateAppKey(em: () => EntityManager, token: string): Promise<AppKeyPrincipal | null> {
  if (!isAppKeyFormat(token)) return null;
  const known = authenticateCachedKey(em, token);
  if (known) return known;
  const hash = hashAppKey(token);
  const rows = await em()
    .getConnection()
    .execute<{ id: string; name: string | null; tenant_id: string; app_id: string; issued_by: string; issued_to_email: string; purpose: KeyPurpose; key_hash: string }[]>(
      `select id, name, tenant_id, app_id, issued_by, issued_to_email, purpose, key_hash from app_keys where key_hash = ? and revoked_at is null`,
      [hash],
    );
  const row = rows[0];
  if (!row || !timingSafeEqual(Buffer.from(row.key_hash), Buffer.from(hash))) return null;
  const found: AppKeyPrincipal = {
    keyId: row.id,
    name: row.name,
    tenantId: row.tenant_id,
    appId: row.app_id,
    userId: row.issued_by,
    email: row.issued_to_email,
    purpose: row.purpose,
  };
  cacheKey(hash, found);
  touchLastUsed(em, found.keyId);
  return found;
}
