import type { EntityManager } from "@mikro-orm/postgresql";
import { ExpiringCache } from "../platform/cache/expiring-cache";
import { isListening, publish } from "../platform/db/notifications";
import type { KeyPurpose } from "./entities";

export interface AppKeyPrincipal {
  keyId: string;
  /** The key's label, as the audit log names the actor (null: unnamed). */
  name: string | null;
  tenantId: string;
  appId: string;
  userId: string;
  email: string;
  purpose: KeyPurpose;
}

/** A key was revoked; payload: its id. */
export const KEY_REVOKED_CHANNEL = "svc_key_revoked";
const TTL_MS = 60_000;

/**
 * Authenticated keys by hash, so the hot path does no query. A revocation evicts the entry
 * here at once and on every other instance through NOTIFY; nothing is cached while the
 * notification connection is down.
 */
const entries = new ExpiringCache<AppKeyPrincipal>();

export function cachedKey(hash: string): AppKeyPrincipal | undefined {
  return entries.get(hash);
}

export function cacheKey(hash: string, principal: AppKeyPrincipal): void {
  if (isListening()) entries.put(hash, principal, Date.now() + TTL_MS);
}

/** Evictions, wired in server/start/cache-eviction.ts. */
export const keyCacheEvictions = {
  key: (keyId: string) => entries.evictWhere((principal) => principal.keyId === keyId),
  all: () => entries.clear(),
};

export async function publishKeyRevoked(em: EntityManager, keyId: string): Promise<void> {
  await publish(em, KEY_REVOKED_CHANNEL, keyId);
}
