import { isListening } from "../../platform/db/notifications";
import { sha256Base64url } from "../../platform/crypto/sha256";
import { ExpiringCache } from "../../platform/cache/expiring-cache";

export interface VerifiedIdentity {
  sub: string;
  sessionId: string | null;
  /** The workspace the subject acts in, once resolved. */
  tenantId: string;
}

const TTL_MS = 30_000;

/**
 * Identity tokens already verified, with the workspace their subject resolved to, so the
 * balance endpoints need neither a signature check nor a query per request. An entry lives
 * at most 30 s and never past the token's `exp`; ending the token's session evicts it on
 * every instance (the session revocation NOTIFY), and nothing is kept while notifications
 * are down. Only positive answers are kept: a subject with no workspace is asked again.
 */
const entries = new ExpiringCache<VerifiedIdentity>();

/** Evictions, wired in server/start/cache-eviction.ts. */
export const verifiedIdentityEvictions = {
  session: (sessionId: string) => entries.evictWhere((identity) => identity.sessionId === sessionId),
  // A subject removed from (or moved within) a workspace resolves afresh on its next request.
  member: (tenantId: string, userId: string) => entries.evictWhere((identity) => identity.sub === userId && identity.tenantId === tenantId),
  all: () => entries.clear(),
};

export function identityTokenKey(token: string): string {
  return sha256Base64url(token);
}

export function knownIdentity(key: string, now = Date.now()): VerifiedIdentity | undefined {
  return entries.get(key, now);
}

export function rememberIdentity(key: string, identity: VerifiedIdentity, expSeconds: number, now = Date.now()): void {
  if (isListening()) entries.put(key, identity, Math.min(now + TTL_MS, expSeconds * 1000));
}
