import type { EntityManager } from "@mikro-orm/postgresql";
import type { OAuthClientConfig } from "../integrations/entities";
import { refreshCredential } from "../oauth/first-party";
import { readCredential, storeRefreshedCredential } from "./connection-service";
import type { StoredCredential } from "./credentials";

/** Refresh this long before the recorded expiry, so a request never leaves with a dying token. */
const EXPIRY_MARGIN_SECONDS = 30;
const inFlight = new Map<string, Promise<StoredCredential>>();

export function isExpired(credential: StoredCredential, nowSeconds = Date.now() / 1000): boolean {
  return typeof credential.expires_at === "number" && credential.expires_at - EXPIRY_MARGIN_SECONDS <= nowSeconds;
}

/**
 * Refreshes a first-party connection's tokens once per connection at a time (the provider
 * proxy calls this when the token expired or the provider answered 401): concurrent callers
 * share one refresh, and the new token set is stored before anyone uses it.
 */
export function refreshConnection(em: EntityManager, connectionId: string, provider: string, config: OAuthClientConfig): Promise<StoredCredential> {
  const running = inFlight.get(connectionId);
  if (running) return running;
  const refresh = (async () => {
    const current = await readCredential(em, connectionId);
    if (!current) throw new Error("connection has no stored credential");
    const next = await refreshCredential(provider, config, current);
    await storeRefreshedCredential(em, connectionId, next);
    return next;
  })().finally(() => inFlight.delete(connectionId));
  inFlight.set(connectionId, refresh);
  return refresh;
}

/** The connection's token set, refreshed first when it has expired. */
export async function usableCredential(em: EntityManager, connectionId: string, provider: string, config: OAuthClientConfig): Promise<StoredCredential | null> {
  const current = await readCredential(em, connectionId);
  if (!current) return null;
  return isExpired(current) ? refreshConnection(em, connectionId, provider, config) : current;
}
