import type { EntityManager } from "@mikro-orm/postgresql";
import { ExpiringCache } from "../../platform/cache/expiring-cache";
import { log } from "../../platform/log";

/** "Last active" is to the minute: a busy session writes its row once a minute, not per request. */
export const ACTIVITY_INTERVAL_MS = 60_000;

/** Sessions this instance wrote (or found written) within the interval: no query at all for them. */
const recentlyNoted = new ExpiringCache<true>();

/**
 * Notes that a browser session was used. The in-process map spares the database on every
 * request but the first of each minute; the `where` spares the row when another instance
 * wrote it within the minute. A failure is logged, never the request's: a session that
 * works must not fail for its bookkeeping.
 */
export async function noteSessionActivity(em: () => EntityManager, sessionId: string | null, now = Date.now()): Promise<void> {
  if (!sessionId || recentlyNoted.get(sessionId, now)) return;
  recentlyNoted.put(sessionId, true, now + ACTIVITY_INTERVAL_MS);
  try {
    await em()
      .getConnection()
      .execute(
        `update auth_sessions set last_active_at = now()
           where id = ? and oauth_client_id is null and last_active_at < now() - make_interval(secs => ?)`,
        [sessionId, ACTIVITY_INTERVAL_MS / 1000],
      );
  } catch (error) {
    recentlyNoted.delete(sessionId);
    log.warn("could not note session activity", { error: (error as Error).message });
  }
}
