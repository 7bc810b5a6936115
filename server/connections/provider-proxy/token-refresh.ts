import { PROVIDER_PROXY } from "../../platform/error-codes";
import type { EntityManager } from "@mikro-orm/postgresql";
import { oauthClientCredentials } from "../../platform/config";
import { openCredential, sealCredential, type StoredCredential } from "../credentials";
import { log } from "../../platform/log";
import { ExchangeError, refreshCredential as refreshWithProvider } from "../oauth/first-party";
import { connectionsChangedLocally } from "../tool-surface/connections-changed";
import { ProxyError } from "./proxy-error";
import type { FirstPartyTarget } from "./proxy-target";

/**
 * Refreshing a first-party token for the provider proxy (issue 7 section 7): when the
 * stored access token has expired (or expires within a minute), or the provider answered
 * 401 to it. Single-flight twice over: one refresh per connection per instance (a map of
 * promises), and across instances the connection row is locked (`for update`) while
 * refreshing, and a token that another refresher already replaced is used instead of
 * refreshing again (a provider may rotate refresh tokens: refreshing twice would burn one).
 */

const EXPIRY_MARGIN_SECONDS = 60;
const inFlight = new Map<string, Promise<StoredCredential>>();

export function isExpired(credential: StoredCredential, nowSeconds = Date.now() / 1000): boolean {
  return typeof credential.expires_at === "number" && credential.expires_at - EXPIRY_MARGIN_SECONDS <= nowSeconds;
}

/** A fresh credential for the target's connection; `stale` is the access token that failed or expired. */
export function refreshCredential(em: () => EntityManager, target: FirstPartyTarget, stale: string): Promise<StoredCredential> {
  let flight = inFlight.get(target.connectionId);
  if (!flight) {
    flight = refreshUnderLock(em(), target, stale).finally(() => inFlight.delete(target.connectionId));
    inFlight.set(target.connectionId, flight);
  }
  return flight;
}

async function refreshUnderLock(em: EntityManager, target: FirstPartyTarget, stale: string): Promise<StoredCredential> {
  const fresh = await em.transactional(async (tx) => {
    const rows = await tx.execute<{ encrypted_credential: string | null; credential_key_id: string | null }[]>(
      `select encrypted_credential, credential_key_id from connections where id = ? and tenant_id = ? for update`,
      [target.connectionId, target.tenantId],
    );
    const row = rows[0];
    if (!row?.encrypted_credential) throw new ProxyError(PROVIDER_PROXY.CONNECTION_NOT_FOUND);
    const current = openCredential(row.encrypted_credential, row.credential_key_id);
    // Someone (another instance, an earlier flight) already refreshed: use theirs.
    if (current.access_token !== stale && !isExpired(current)) return current;
    const next = await requestRefresh(target, current);
    const sealed = sealCredential(next);
    await tx.execute(`update connections set encrypted_credential = ?, credential_key_id = ?, updated_at = now() where id = ?`, [
      sealed.ciphertext,
      sealed.keyId,
      target.connectionId,
    ]);
    return next;
  });
  connectionsChangedLocally(target.tenantId);
  return fresh;
}

/** The refresh grant through the same client as the code exchange (openid-client, HTTP Basic). */
async function requestRefresh(target: FirstPartyTarget, current: StoredCredential): Promise<StoredCredential> {
  if (!current.refresh_token) throw new ProxyError(PROVIDER_PROXY.TOKEN_REFRESH_FAILED, "the connection has no refresh token; connect the account again");
  const config = target.clientConfig;
  if (!config.token_url || !config.authorize_url) throw new ProxyError(PROVIDER_PROXY.OAUTH_CLIENT_CONFIG_MISSING, "the catalog row has no token_url");
  if (!oauthClientCredentials(target.provider).clientId) throw new ProxyError(PROVIDER_PROXY.OAUTH_CLIENT_CONFIG_MISSING, `${oauthClientCredentials(target.provider).clientIdVariable} missing`);
  try {
    return await refreshWithProvider(target.provider, config, current);
  } catch (error) {
    const why = error instanceof ExchangeError ? error.message : "the token request failed";
    log.warn("token refresh failed", { provider: target.provider, why });
    throw new ProxyError(PROVIDER_PROXY.TOKEN_REFRESH_FAILED, `the provider refused the refresh (${why}); connect the account again`, { cause: error });
  }
}
