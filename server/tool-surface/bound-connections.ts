import type { EntityManager } from "@mikro-orm/postgresql";
import { isListening } from "../runtime/notifications";
import { ExpiringCache } from "../runtime/expiring-cache";
import { onConnectionsChanged } from "./connections-changed";

/**
 * What a deployed tool sees of its connections (SPEC 4.5, issue 7 section 7):
 * `GET /api/deployments/me/connections` lists the connections bound to the key's app, never
 * a credential. The answer is cached per app as the finished body; a trigger on
 * `connections` and `app_connection_bindings` NOTIFYs `svc_connections_changed` with the
 * tenant id on every change (Migration20261125000007), and every instance drops that
 * tenant's entries then. Nothing is cached while notifications are down.
 */

export interface BoundConnection {
  provider: string;
  connectionId: string;
  externalId: string;
  displayName: string;
  profile: string;
  /** The provider's discovery context (`metadata.context[provider]`), e.g. `{ project_ref }`; null when none. */
  context: Record<string, unknown> | null;
  createdAt: string;
}

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

onConnectionsChanged({
  onTenantChanged: evictTenant,
  onReset: () => {
    generation++;
    cache.clear();
  },
});

const cacheKey = (tenantId: string, appId: string) => `${tenantId}:${appId}`;

/** The cached body for the app, or undefined when only the database can tell. */
export function cachedConnectionsBody(tenantId: string, appId: string): string | undefined {
  return cache.get(cacheKey(tenantId, appId))?.body;
}

interface Row {
  provider: string;
  id: string;
  external_id: string;
  display_name: string;
  profile: string;
  metadata: { context?: Record<string, unknown> } | null;
  created_at: Date;
}

function contextOf(row: Row): Record<string, unknown> | null {
  const value = row.metadata?.context?.[row.provider];
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export async function loadBoundConnections(em: EntityManager, tenantId: string, appId: string): Promise<BoundConnection[]> {
  const rows = await em.getConnection().execute<Row[]>(
    `select c.provider, c.id, c.external_id, c.display_name, c.profile, c.metadata, c.created_at
       from app_connection_bindings b
       join connections c on c.id = b.connection_id and c.tenant_id = b.tenant_id
      where b.app_id = ? and b.tenant_id = ?
      order by b.provider`,
    [appId, tenantId],
  );
  return rows.map((row) => ({
    provider: row.provider,
    connectionId: row.id,
    externalId: row.external_id,
    displayName: row.display_name,
    profile: row.profile,
    context: contextOf(row),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** The response body, from the cache or the database (and then cached). */
export async function boundConnectionsBody(em: EntityManager, tenantId: string, appId: string): Promise<string> {
  const cached = cachedConnectionsBody(tenantId, appId);
  if (cached !== undefined) return cached;
  const startedAt = generation;
  const body = JSON.stringify({ connections: await loadBoundConnections(em, tenantId, appId) });
  if (isListening() && startedAt === generation) cache.put(cacheKey(tenantId, appId), { tenantId, body }, Date.now() + TTL_MS);
  return body;
}
