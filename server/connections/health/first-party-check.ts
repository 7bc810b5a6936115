import type { EntityManager } from "@mikro-orm/postgresql";
import type { OAuthClientConfig } from "../catalog/entities";
import type { StoredCredential } from "../credentials";
import { isExpired, RefreshFailure, refreshStoredCredential } from "../provider-proxy/token-refresh";
import { settled, skipped, transient, type CheckOutcome } from "./check-outcome";

/** Providers that revoke idle tokens still see a refresh at least this often (issue 19). */
export const IDLE_REFRESH_MS = 24 * 60 * 60 * 1000;
/** Refreshed ahead by one more minute than the proxy's own margin. */
const EXTRA_MARGIN_SECONDS = 60;

export interface FirstPartyCandidate {
  tenantId: string;
  connectionId: string;
  provider: string;
  clientConfig: OAuthClientConfig;
  credential: StoredCredential;
  /** When the token set was last refreshed (or, never refreshed, when it was stored). */
  refreshedAt: Date;
}

/** Whether this round must refresh: the token expires before the next round, or has not been refreshed for a day. */
export function refreshDue(candidate: FirstPartyCandidate, intervalMs: number, now = Date.now()): boolean {
  const aheadSeconds = intervalMs / 1000 + EXTRA_MARGIN_SECONDS;
  return isExpired(candidate.credential, now / 1000, aheadSeconds) || now - candidate.refreshedAt.getTime() >= IDLE_REFRESH_MS;
}

/** Refreshes a first-party connection that is due; the provider's answer decides its state. */
export async function checkFirstParty(em: EntityManager, candidate: FirstPartyCandidate, intervalMs: number): Promise<CheckOutcome> {
  if (!refreshDue(candidate, intervalMs)) return skipped;
  const seen = candidate.credential.access_token;
  try {
    // Refreshed meanwhile (by the proxy or another instance): that counts, no second refresh.
    await refreshStoredCredential(em, candidate, (current) => current.access_token === seen);
    return settled("active");
  } catch (error) {
    if (!(error instanceof RefreshFailure)) throw error;
    switch (error.kind) {
      case "gone":
        return skipped;
      case "invalid_grant":
        return settled("needs_reauth", `The provider refused the refresh (${error.message})`);
      case "transient":
        return transient(`The refresh failed (${error.message})`);
      default:
        return settled("error", `The refresh failed (${error.message})`);
    }
  }
}
