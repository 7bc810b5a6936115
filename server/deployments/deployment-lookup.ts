import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { ExpiringCache } from "../platform/cache/expiring-cache";
import { isListening } from "../platform/db/notifications";

/** What the app-proxy needs to route one host. */
export interface DeploymentTarget {
  deploymentId: string;
  tenantId: string;
  tenantSlug: string;
  name: string;
  upstreamUrl: string;
  access: "members" | "public";
  host: string;
}

/**
 * `{name}--{workspace}` under APPS_DOMAIN, or null for any other host. Deployment names
 * never hold `--`, so the first `--` splits the label; the label holds no dot.
 */
export function parseAppHost(hostHeader: string | undefined): { name: string; slug: string; host: string } | null {
  if (!hostHeader) return null;
  const host = hostHeader.toLowerCase();
  const suffix = `.${getConfig().appsDomain}`;
  if (!host.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  const split = label.indexOf("--");
  if (split <= 0 || label.includes(".")) return { name: "", slug: "", host };
  return { name: label.slice(0, split), slug: label.slice(split + 2), host };
}

export function isAppHost(hostHeader: string | undefined): boolean {
  return !!hostHeader && hostHeader.toLowerCase().endsWith(`.${getConfig().appsDomain}`);
}

const TTL_MS = 30_000;
const targets = new ExpiringCache<DeploymentTarget | null>();

/** Any deployment change drops every host's answer (wired in server/start/cache-eviction.ts). */
export function forgetDeploymentTargets(): void {
  targets.clear();
}

/** The cached answer for a host, without I/O: the target, null (no such tool), or undefined (ask). */
export function cachedDeploymentByHost(host: string): DeploymentTarget | null | undefined {
  return targets.get(host);
}

/** The deployment behind a host, cached (a change anywhere clears the cache through NOTIFY). */
export async function findDeploymentByHost(em: () => EntityManager, host: string): Promise<DeploymentTarget | null> {
  const cached = targets.get(host);
  if (cached !== undefined) return cached;
  const parsed = parseAppHost(host);
  if (!parsed?.name) return null;
  const rows = await em()
    .getConnection()
    .execute<{ id: string; tenant_id: string; slug: string; name: string; upstream_url: string; access: "members" | "public" }[]>(
      `select d.id, d.tenant_id, t.slug, d.name, d.upstream_url, d.access
         from deployments d join tenants t on t.id = d.tenant_id where t.slug = ? and d.name = ?`,
      [parsed.slug, parsed.name],
    );
  const row = rows[0];
  const target = row
    ? { deploymentId: row.id, tenantId: row.tenant_id, tenantSlug: row.slug, name: row.name, upstreamUrl: row.upstream_url, access: row.access, host: parsed.host }
    : null;
  if (isListening()) targets.put(host, target, Date.now() + TTL_MS);
  return target;
}
