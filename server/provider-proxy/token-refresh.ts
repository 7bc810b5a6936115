import type { EntityManager } from "@mikro-orm/postgresql";
import { oauthClientCredentials } from "../config";
import { openCredential, sealCredential, type StoredCredential } from "../connections/credentials";
import { log } from "../log";
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
const TOKEN_TIMEOUT_MS = 10_000;
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
    if (!row?.encrypted_credential) throw new ProxyError(404, "connection_not_found");
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

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  token_type?: unknown;
  scope?: unknown;
  expires_in?: unknown;
  error?: unknown;
}

/** The token endpoint's refresh grant, client credentials by HTTP Basic (as at the code exchange). */
async function requestRefresh(target: FirstPartyTarget, current: StoredCredential): Promise<StoredCredential> {
  const failed = (detail: string, cause?: unknown) => new ProxyError(502, "token_refresh_failed", detail, { cause });
  if (!current.refresh_token) throw failed("the connection has no refresh token; connect the account again");
  if (!target.tokenUrl) throw new ProxyError(500, "oauth_client_config_missing", "the catalog row has no token_url");
  const client = oauthClientCredentials(target.provider);
  if (!client.clientId) throw new ProxyError(500, "oauth_client_config_missing", `${client.clientIdVariable} missing`);
  const basic = Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret ?? "")}`).toString("base64");
  let response: Response;
  try {
    response = await fetch(target.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", authorization: `Basic ${basic}` },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: current.refresh_token }),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch (error) {
    log.warn("token refresh: provider unreachable", { provider: target.provider, message: (error as Error).message });
    throw failed("the provider's token endpoint could not be reached", error);
  }
  const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
  if (!response.ok || typeof answer.access_token !== "string" || answer.access_token === "") {
    const code = typeof answer.error === "string" ? answer.error.slice(0, 100) : `HTTP ${response.status}`;
    throw failed(`the provider refused the refresh (${code}); connect the account again`);
  }
  const expiresIn = Number(answer.expires_in);
  return {
    access_token: answer.access_token,
    refresh_token: typeof answer.refresh_token === "string" && answer.refresh_token ? answer.refresh_token : current.refresh_token,
    token_type: typeof answer.token_type === "string" ? answer.token_type : current.token_type,
    scope: typeof answer.scope === "string" ? answer.scope : current.scope,
    ...(Number.isFinite(expiresIn) && expiresIn > 0 ? { expires_at: Math.floor(Date.now() / 1000) + expiresIn } : {}),
  };
}
