import type { EntityManager } from "@mikro-orm/postgresql";
import { ExpiringCache } from "../platform/cache/expiring-cache";
import { isListening, notify, subscribe } from "../platform/db/notifications";
import type { KeyPurpose } from "./entities";

export interface AppKeyPrincipal {
  keyId: string;
  tenantId: string;
  appId: string;
  userId: string;
  email: string;
  purpose: KeyPurpose;
}

const CHANNEL = "svc_key_revoked";
const TTL_MS = 60_000;

/**
 * Authenticated keys by hash, so the hot path does no query. A revocation evicts the entry
 * here at once and on every other instance through NOTIFY; nothing is cached while the
 * notification connection is down.
 */
const entries = new ExpiringCache<AppKeyPrincipal>();

subscribe(CHANNEL, { onMessage: (keyId) => evictKey(keyId), onReset: () => entries.clear() });

export function cachedKey(hash: string): AppKeyPrincipal | undefined {
  return entries.get(hash);
}

export function cacheKey(hash: string, principal: AppKeyPrincipal): void {
  if (isListening()) entries.put(hash, principal, Date.now() + TTL_MS);
}

function evictKey(keyId: string): void {
  entries.evictWhere((principal) => principal.keyId === keyId);
}

export async function publishKeyRevoked(em: EntityManager, keyId: string): Promise<void> {
  evictKey(keyId);
  await notify(em, CHANNEL, keyId);
}
