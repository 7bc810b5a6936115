import type { EntityManager } from "@mikro-orm/postgresql";
import { isListening, notify, subscribe } from "../runtime/notifications";
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
const MAX_ENTRIES = 10_000;

/**
 * Authenticated keys by hash, so the hot path does no query. A revocation evicts the entry
 * here at once and on every other instance through NOTIFY; nothing is cached while the
 * notification connection is down.
 */
const entries = new Map<string, { principal: AppKeyPrincipal; freshUntil: number }>();

subscribe(CHANNEL, { onMessage: (keyId) => evictKey(keyId), onReset: () => entries.clear() });

export function cachedKey(hash: string): AppKeyPrincipal | undefined {
  const entry = entries.get(hash);
  if (!entry) return undefined;
  if (entry.freshUntil <= Date.now()) {
    entries.delete(hash);
    return undefined;
  }
  return entry.principal;
}

export function cacheKey(hash: string, principal: AppKeyPrincipal): void {
  if (!isListening()) return;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(hash, { principal, freshUntil: Date.now() + TTL_MS });
}

function evictKey(keyId: string): void {
  for (const [hash, entry] of entries) if (entry.principal.keyId === keyId) entries.delete(hash);
}

export async function publishKeyRevoked(em: EntityManager, keyId: string): Promise<void> {
  evictKey(keyId);
  await notify(em, CHANNEL, keyId);
}
