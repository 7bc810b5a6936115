import { PROVIDER_PROXY } from "../error-codes";
import type { EntityManager } from "@mikro-orm/postgresql";
import { oauthClientCredentials } from "../../platform/config";
import { openCredential, sealCredential, type StoredCredential } from "../credentials";
import { log } from "../../platform/log";
import type { OAuthClientConfig } from "../catalog/entities";
import { setConnectionStatus } from "../connection-status";
import { ExchangeError, refreshCredential as refreshWithProvider, type ExchangeFailureKind } from "../oauth/first-party";
import { connectionsChangedLocally } from "../tool-surface/connections-changed";
import { ProxyError } from "./proxy-error";
import type { FirstPartyTarget } from "./proxy-target";

/**
 * Refreshing a first-party token set, for the provider proxy (issue 7 section 7: when the
 * stored access token has expired or expires within a minute, or the provider answered 401
 * to it) and for the connection health job (issue 19: ahead of expiry, and at least daily).
 * Single-flight twice over: one refresh per connection per instance (a map of promises), and
 * across instances the connection row is locked (`for update`) while refreshing, and a token
 * that another refresher already replaced is used instead of refreshing again (a provider
 * may rotate refresh tokens: refreshing twice would burn one).
 */

const EXPIRY_MARGIN_SECONDS = 60;
const inFlight = new Map<string, Promise<StoredCredential>>();

export function isExpired(credential: StoredCredential, nowSeconds = Date.now() / 1000, marginSeconds = EXPIRY_MARGIN_SECONDS): boolean {
  return typeof credential.expires_at === "number" && credential.expires_at - marginSeconds <= nowSeconds;
}

/** What a refresh needs to know of the connection. */
export interface RefreshSubject {
  tenantId: string;
  connectionId: string;
  provider: string;
  clientConfig: OAuthClientConfig;
}

/** A refresh that did not happen, and why (ExchangeFailureKind, or a missing row or configuration). */
export class RefreshFailure extends Error {
  constructor(
    message: string,
    readonly kind: ExchangeFailureKind | "gone" | "misconfigured",
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "RefreshFailure";
  }
}

/**
 * Refreshes the connection's token set when `stillNeeded` says the stored one (read under
 * the row lock) still needs it; otherwise returns the stored one. Single-flight per
 * connection in this instance: a second caller meanwhile gets the first one's result.
 */
export function refreshStoredCredential(em: EntityManager, subject: RefreshSubject, stillNeeded: (current: StoredCredential) => boolean): Promise<StoredCredential> {
  let flight = inFlight.get(subject.connectionId);
  if (!flight) {
    flight = refreshUnderLock(em, subject, stillNeeded).finally(() => inFlight.delete(subject.connectionId));
    inFlight.set(subject.connectionId, flight);
  }
  return flight;
}

async function refreshUnderLock(em: EntityManager, subject: RefreshSubject, stillNeeded: (current: StoredCredential) => boolean): Promise<StoredCredential> {
  const fresh = await em.transactional(async (tx) => {
    const rows = await tx.execute<{ encrypted_credential: string | null; credential_key_id: string | null }[]>(
      `select encrypted_credential, credential_key_id from connections where id = ? and tenant_id = ? for update`,
      [subject.connectionId, subject.tenantId],
    );
    const row = rows[0];
    if (!row?.encrypted_credential) throw new RefreshFailure("the connection is gone", "gone");
    const current = openCredential(row.encrypted_credential, row.credential_key_id);
    if (!stillNeeded(current)) return current;
    const next = await requestRefresh(subject, current);
    const sealed = sealCredential(next);
    await tx.execute(`update connections set encrypted_credential = ?, credential_key_id = ?, last_refreshed_at = now(), updated_at = now() where id = ?`, [
      sealed.ciphertext,
      sealed.keyId,
      subject.connectionId,
    ]);
    return next;
  });
  connectionsChangedLocally(subject.tenantId);
  return fresh;
}

/** The refresh grant through the same client as the code exchange (openid-client, HTTP Basic). */
async function requestRefresh(subject: RefreshSubject, current: StoredCredential): Promise<StoredCredential> {
  if (!current.refresh_token) throw new RefreshFailure("the provider gave no refresh token; connect the account again", "invalid_grant");
  const config = subject.clientConfig;
  if (!config.token_url || !config.authorize_url) throw new RefreshFailure("the catalog row has no token_url", "misconfigured");
  const client = oauthClientCredentials(subject.provider);
  if (!client.clientId) throw new RefreshFailure(`${client.clientIdVariable} missing`, "misconfigured");
  try {
    return await refreshWithProvider(subject.provider, config, current);
  } catch (error) {
    const why = error instanceof ExchangeError ? error.message : "the token request failed";
    log.warn("token refresh failed", { provider: subject.provider, why });
    throw new RefreshFailure(why, error instanceof ExchangeError ? error.kind : "transient", { cause: error });
  }
}

/**
 * The provider proxy's refresh: a fresh credential for the target's connection; `stale` is
 * the access token that failed or expired. A refusal of the grant moves the connection to
 * `needs_reauth` (so later calls are answered 409 without calling the provider).
 */
export async function refreshCredential(em: () => EntityManager, target: FirstPartyTarget, stale: string): Promise<StoredCredential> {
  try {
    // Someone (another instance, an earlier flight) already refreshed: use theirs.
    return await refreshStoredCredential(em(), target, (current) => current.access_token === stale || isExpired(current));
  } catch (error) {
    if (!(error instanceof RefreshFailure)) throw error;
    if (error.kind === "gone") throw new ProxyError(PROVIDER_PROXY.CONNECTION_NOT_FOUND);
    if (error.kind === "misconfigured") throw new ProxyError(PROVIDER_PROXY.OAUTH_CLIENT_CONFIG_MISSING, error.message);
    if (error.kind === "invalid_grant") await setConnectionStatus(em(), target.connectionId, { status: "needs_reauth", reason: `The provider refused the refresh (${error.message})` });
    throw new ProxyError(PROVIDER_PROXY.TOKEN_REFRESH_FAILED, `the provider refused the refresh (${error.message}); connect the account again`, { cause: error });
  }
}
