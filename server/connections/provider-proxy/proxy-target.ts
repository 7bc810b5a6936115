import { PROVIDER_PROXY } from "../error-codes";
import type { EntityManager } from "@mikro-orm/postgresql";
import { openCredential, type StoredCredential } from "../credentials";
import { AppError } from "../../platform/errors";
import type { OAuthClientConfig } from "../catalog/entities";
import { ExpiringCache } from "../../platform/cache/expiring-cache";
import { isListening } from "../../platform/db/notifications";
import { connectionNotFound, ProxyError } from "./proxy-error";

/**
 * Where `ANY /api/proxy/{provider}/{path}` sends a call for the key's app (issue 7
 * section 7): the connection bound to that app for that provider, resolved with its
 * decrypted token set (first-party) or its broker account id (broker). Resolved targets are
 * cached per instance and dropped on `svc_connections_changed`, so a refreshed token, a
 * rebinding or a disconnect is seen at once by every instance.
 */

export interface FirstPartyTarget {
  kind: "first_party";
  tenantId: string;
  connectionId: string;
  provider: string;
  /** `api_base_url` without a trailing slash. */
  apiBase: URL;
  /** The catalog row's configuration, for the refresh grant (server/connections/oauth/first-party.ts). */
  clientConfig: OAuthClientConfig;
  credential: StoredCredential;
}

export interface BrokerTarget {
  kind: "broker";
  tenantId: string;
  connectionId: string;
  provider: string;
  connectedAccountId: string;
}

/** A bound connection in `needs_reauth`: answered 409 without calling the provider (issue 19). */
export interface NeedsReauthTarget {
  kind: "needs_reauth";
  tenantId: string;
  connectionId: string;
  provider: string;
}

export type ProxyTarget = FirstPartyTarget | BrokerTarget | NeedsReauthTarget;

const TTL_MS = 60_000;
const cache = new ExpiringCache<ProxyTarget>(50_000);
let generation = 0;

/** Evictions, wired in server/start/cache-eviction.ts. */
export const proxyTargetEvictions = {
  tenant: (tenantId: string) => {
    generation++;
    cache.evictWhere((target) => target.tenantId === tenantId);
  },
  all: () => {
    generation++;
    cache.clear();
  },
};

const keyOf = (tenantId: string, appId: string, provider: string) => `${tenantId}:${appId}:${provider}`;

export function cachedProxyTarget(tenantId: string, appId: string, provider: string): ProxyTarget | undefined {
  return cache.get(keyOf(tenantId, appId, provider));
}

/** Drops one connection's cached targets (after this instance refreshed its token). */
export function forgetConnection(connectionId: string): void {
  generation++;
  cache.evictWhere((target) => target.connectionId === connectionId);
}

interface Row {
  id: string;
  profile: string;
  status: string;
  encrypted_credential: string | null;
  credential_key_id: string | null;
  metadata: { broker_account_id?: unknown } | null;
  oauth_client_config: { api_base_url?: unknown; token_url?: unknown } | null;
}

function apiBaseOf(value: unknown): URL {
  if (typeof value !== "string" || value === "") throw new ProxyError(PROVIDER_PROXY.OAUTH_CLIENT_CONFIG_MISSING, "the catalog row has no api_base_url");
  try {
    const url = new URL(value.replace(/\/+$/, ""));
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("not http");
    return url;
  } catch (error) {
    throw new ProxyError(PROVIDER_PROXY.OAUTH_CLIENT_CONFIG_MISSING, "the catalog row's api_base_url is not an http(s) URL", { cause: error });
  }
}

export async function loadProxyTarget(em: EntityManager, tenantId: string, appId: string, provider: string): Promise<ProxyTarget> {
  const startedAt = generation;
  const rows = await em.getConnection().execute<Row[]>(
    `select c.id, c.profile, c.status, c.encrypted_credential, c.credential_key_id, c.metadata, i.oauth_client_config
       from app_connection_bindings b
       join connections c on c.id = b.connection_id and c.tenant_id = b.tenant_id
       left join integrations i on i.slug = b.provider
      where b.app_id = ? and b.tenant_id = ? and b.provider = ?`,
    [appId, tenantId, provider],
  );
  const row = rows[0];
  if (!row) throw connectionNotFound();
  let target: ProxyTarget;
  if (row.status === "needs_reauth") {
    target = { kind: "needs_reauth", tenantId, connectionId: row.id, provider };
  } else if (row.profile === "broker_managed") {
    const account = row.metadata?.broker_account_id;
    if (typeof account !== "string" || account === "") throw connectionNotFound();
    target = { kind: "broker", tenantId, connectionId: row.id, provider, connectedAccountId: account };
  } else {
    if (!row.encrypted_credential) throw connectionNotFound();
    let credential: StoredCredential;
    try {
      credential = openCredential(row.encrypted_credential, row.credential_key_id);
    } catch (error) {
      if (error instanceof AppError && error.code === "ENCRYPTION_KEY_UNAVAILABLE") throw new ProxyError(PROVIDER_PROXY.ENCRYPTION_KEY_UNAVAILABLE);
      throw error;
    }
    const config = row.oauth_client_config ?? {};
    target = {
      kind: "first_party",
      tenantId,
      connectionId: row.id,
      provider,
      apiBase: apiBaseOf(config.api_base_url),
      clientConfig: config as OAuthClientConfig,
      credential,
    };
  }
  if (isListening() && startedAt === generation) cache.put(keyOf(tenantId, appId, provider), target, Date.now() + TTL_MS);
  return target;
}
