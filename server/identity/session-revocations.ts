import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { notify, subscribe } from "../platform/db/notifications";
import { SessionCache } from "./session-cache";

const CHANNEL = "svc_session_revoked";

export const sessionCache = new SessionCache(() => getConfig().SESSION_CACHE_SECONDS * 1000);

/** Listeners a revoked session must reach besides the session cache (e.g. token caches). */
const revocationHooks: Array<(sessionId: string) => void> = [];
export function onSessionRevoked(hook: (sessionId: string) => void): void {
  revocationHooks.push(hook);
}

function evict(sessionId: string): void {
  sessionCache.evictSession(sessionId);
  for (const hook of revocationHooks) hook(sessionId);
}

subscribe(CHANNEL, { onMessage: evict, onReset: () => sessionCache.clear() });

/** Evicts here at once, then tells every other instance through PostgreSQL NOTIFY. */
export async function publishSessionRevoked(em: EntityManager, sessionId: string): Promise<void> {
  evict(sessionId);
  await notify(em, CHANNEL, sessionId);
}
