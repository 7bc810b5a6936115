import { timingSafeEqual } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { mintPrefixedToken } from "../../platform/crypto/prefixed-token";
import { sha256Base64url } from "../../platform/crypto/sha256";

export const CONNECT_SESSION_PREFIX = "svc_cs_";
export const CONNECT_SESSION_TTL_MS = 30 * 60 * 1000;

/**
 * Connect sessions (issue 7 section 5): a short-lived stand-in for an App Key in a browser
 * URL. Minted server to server with the App Key, bound to its app, usable only as `app_key`.
 */
export async function createConnectSession(
  em: EntityManager,
  input: { appId: string; tenantId: string; keyId: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = mintPrefixedToken(CONNECT_SESSION_PREFIX);
  const expiresAt = new Date(Date.now() + CONNECT_SESSION_TTL_MS);
  await em.execute(`insert into connect_sessions (token_hash, app_id, tenant_id, key_id, expires_at) values (?, ?, ?, ?, ?)`, [
    hash,
    input.appId,
    input.tenantId,
    input.keyId,
    expiresAt,
  ]);
  return { token, expiresAt };
}

/** The app and tenant behind a live connect session, or null. */
export async function resolveConnectSession(em: EntityManager, token: string): Promise<{ appId: string; tenantId: string } | null> {
  if (!/^svc_cs_[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const hash = sha256Base64url(token);
  const rows = await em.execute<{ token_hash: string; app_id: string; tenant_id: string }[]>(
    `select s.token_hash, s.app_id, s.tenant_id from connect_sessions s
       left join app_keys k on k.id = s.key_id
      where s.token_hash = ? and s.expires_at > now() and (s.key_id is null or k.revoked_at is null)`,
    [hash],
  );
  const row = rows[0];
  if (!row || !timingSafeEqual(Buffer.from(row.token_hash), Buffer.from(hash))) return null;
  return { appId: row.app_id, tenantId: row.tenant_id };
}
