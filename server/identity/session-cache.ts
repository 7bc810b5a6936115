import { sha256Base64url } from "../crypto/sha256";

export interface SessionUser {
  userId: string;
  email: string;
  sessionId: string | null;
  accessToken: string;
}

interface Entry {
  user: SessionUser;
  /** Milliseconds since epoch after which the entry must be verified again. */
  freshUntil: number;
}

const MAX_ENTRIES = 10_000;

/**
 * Verified dashboard sessions, keyed by a hash of the cookie value, so the hot path
 * (`/api/auth/me`) neither verifies a signature nor queries PostgreSQL. Entries live at
 * most SESSION_CACHE_SECONDS and never past the access token's expiry; revocation evicts
 * them at once (see session-revocations.ts), on this instance and every other.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ttlMs: () => number) {}

  static keyFor(cookieValue: string): string {
    return sha256Base64url(cookieValue);
  }

  get(key: string, now = Date.now()): SessionUser | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.freshUntil <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.user;
  }

  set(key: string, user: SessionUser, tokenExpiresAtMs: number, now = Date.now()): void {
    const ttl = this.ttlMs();
    if (ttl <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: dropping the first entry drops the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { user, freshUntil: Math.min(now + ttl, tokenExpiresAtMs) });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  evictSession(sessionId: string): void {
    for (const [key, entry] of this.entries) if (entry.user.sessionId === sessionId) this.entries.delete(key);
  }

  evictUser(userId: string): void {
    for (const [key, entry] of this.entries) if (entry.user.userId === userId) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
