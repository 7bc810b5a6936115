import { sha256Base64url } from "../platform/crypto/sha256";
import { ExpiringCache } from "../platform/cache/expiring-cache";
import type { SecondFactorStanding } from "./session-standing";

export interface SessionUser {
  userId: string;
  email: string;
  sessionId: string | null;
  accessToken: string;
  /** Whether the session passed the person's second factor; `pending` is not signed in yet (ADR 049). */
  secondFactor: SecondFactorStanding;
  /** An anonymous sign-in's account: it may keep its profile and become permanent, little else (ADR 062). */
  isAnonymous?: boolean;
}

/**
 * Verified dashboard sessions, keyed by a hash of the cookie value, so the hot path
 * (`/api/auth/me`) neither verifies a signature nor queries PostgreSQL. Entries live at
 * most SESSION_CACHE_SECONDS and never past the access token's expiry; revocation evicts
 * them at once (see session-revocations.ts), on this instance and every other.
 */
export class SessionCache extends ExpiringCache<SessionUser> {
  constructor(private readonly ttlMs: () => number) {
    super();
  }

  static keyFor(cookieValue: string): string {
    return sha256Base64url(cookieValue);
  }

  set(key: string, user: SessionUser, tokenExpiresAtMs: number, now = Date.now()): void {
    const ttl = this.ttlMs();
    if (ttl > 0) this.put(key, user, Math.min(now + ttl, tokenExpiresAtMs));
  }

  evictSession(sessionId: string): void {
    this.evictWhere((user) => user.sessionId === sessionId);
  }

  evictUser(userId: string): void {
    this.evictWhere((user) => user.userId === userId);
  }
}

/**
 * One connection's last session cookie and its cache key. A client on a kept-alive connection
 * sends the same cookie with every request, and hashing it was the signed-in session check's
 * largest cost (docs/decisions/092); the cache itself is still asked each time, so expiry and
 * revocation hold exactly as before. Holds one cookie value, as the request itself did.
 */
export class SessionKeyMemo {
  private cookieValue: string | undefined;
  private key = "";

  keyFor(cookieValue: string): string {
    if (cookieValue !== this.cookieValue) {
      this.key = SessionCache.keyFor(cookieValue);
      this.cookieValue = cookieValue;
    }
    return this.key;
  }
}
