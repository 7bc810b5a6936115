import type { EntityManager } from "@mikro-orm/postgresql";
import { isListening } from "../../platform/db/notifications";
import { ExpiringCache } from "../../platform/cache/expiring-cache";
import { listAppConnections } from "../connection-service";

/**
 * What a deployed tool sees of its connections (SPEC 4.5, issue 7 section 7):
 * `GET /api/deployments/me/connections` lists the connections bound to the key's app, never
 * a credential. The answer is cached per app as the finished body; a trigger on
 * `connections` and `app_connection_bindings` NOTIFYs `svc_connections_changed` with the
 * tenant id on every change (Migration20261125000007), and every instance drops that
 * tenant's entries then. Nothing is cached while notifications are down.
 */

interface CachedList {
  tenantId: string;
  body: string;
}

const TTL_MS = 60_000;
const cache = new ExpiringCache<CachedList>(50_000);
/** Bumped on every eviction: a read that began before a change must not store its stale answer. */
let generation = 0;

function evictTenant(tenantId: string): void {
  generation++;
  cache.evictWhere((entry) => entry.tenantId === tenantId);
}

/** Evictions, wired in server/start/cache-eviction.ts. */
export const boundConnectionsEvictions = {
  tenant: evictTenant,
  all: () => {
    generation++;
    cache.clear();
  },
};

const cacheKey = (tenantId: string, appId: string) => `${tenantId}:${appId}`;

/** The cached body for the app, or undefined when only the database can tell. */
export function cachedConnectionsBody(tenantId: string, appId: string): string | undefined {
  return cache.get(cacheKey(tenantId, appId))?.body;
}

/** The response body, from the cache or the database (and then cached). */
export async function boundConnectionsBody(em: EntityManager, tenantId: string, appId: string): Promise<string> {
  const cached = cachedConnectionsBody(tenantId, appId);
  if (cached !== undefined) return cached;
  const startedAt = generation;
  const body = JSON.stringify({ connections: await listAppConnections(em, appId) });
  if (isListening() && startedAt === generation) cache.put(cacheKey(tenantId, appId), { tenantId, body }, Date.now() + TTL_MS);
  return body;
}
