import type { SqlConnection } from "../platform/db/sql-connection";
import { ExpiringCache } from "../platform/cache/expiring-cache";
import { isListening } from "../platform/db/notifications";

/**
 * Sessions just read live, so that an OAuth access token's introspection (and userinfo) does
 * not ask PostgreSQL on every use (issue 30, ADR 074). An entry lives at most a second (so a
 * session ended without a notification, an expiry or a deleted account, is seen within the
 * second, as by a read per use) and never past the session's own expiry; the revocation
 * NOTIFY evicts it at once on every instance, and nothing is kept while notifications are
 * down. A read that an eviction overtook is not kept: it may predate the revocation.
 */
const FRESH_MS = 1000;

const live = new ExpiringCache<true>();
let evictions = 0;

/** Evictions, wired in server/start/cache-eviction.ts beside the session cookie cache. */
export const liveSessionEvictions = {
  session: (sessionId: string) => {
    evictions++;
    live.delete(sessionId);
  },
  all: () => {
    evictions++;
    live.clear();
  },
};

/** `isSessionLive`, answered from a read within the last second when there is one. */
export async function isSessionLiveRecently(em: SqlConnection, sessionId: string, now = Date.now()): Promise<boolean> {
  if (live.get(sessionId, now)) return true;
  const before = evictions;
  const expiresAt = await sessionExpiry(em, sessionId);
  if (expiresAt === null) return false;
  if (isListening() && before === evictions) live.put(sessionId, true, Math.min(now + FRESH_MS, expiresAt));
  return true;
}

/** The live session's expiry (ms), or null when it is not live. */
async function sessionExpiry(em: SqlConnection, sessionId: string): Promise<number | null> {
  const rows = await em
    .getConnection()
    .execute<{ expires_at: Date }[]>(`select expires_at from auth_sessions where id = ? and revoked_at is null and expires_at > now()`, [sessionId]);
  return rows[0] ? new Date(rows[0].expires_at).getTime() : null;
}

