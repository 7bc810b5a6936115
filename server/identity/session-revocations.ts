import type { EntityManager } from "@mikro-orm/postgresql";
import pg from "pg";
import { getConfig } from "../config";
import { SessionCache } from "./session-cache";
import { log } from "../log";

const CHANNEL = "svc_session_revoked";

export const sessionCache = new SessionCache(() => getConfig().SESSION_CACHE_SECONDS * 1000);

/** Evicts here at once, then tells every other instance through PostgreSQL NOTIFY. */
export async function publishSessionRevoked(em: EntityManager, sessionId: string): Promise<void> {
  sessionCache.evictSession(sessionId);
  await em.getConnection().execute(`select pg_notify(?, ?)`, [CHANNEL, sessionId]);
}

let listener: pg.Client | undefined;
let stopping = false;

/**
 * Keeps one connection LISTENing for revocations. While it is down nothing can be
 * trusted to be current, so the cache is cleared and stays off until it reconnects.
 */
export async function startRevocationListener(): Promise<void> {
  if (listener) return;
  stopping = false;
  const client = new pg.Client({ connectionString: getConfig().DATABASE_URL });
  const reconnect = () => {
    if (listener !== client) return;
    listener = undefined;
    sessionCache.clear();
    if (!stopping) setTimeout(() => startRevocationListener().catch((e) => log.warn("revocation listener", e)), 500);
  };
  client.on("error", reconnect);
  client.on("end", reconnect);
  client.on("notification", (message) => {
    if (message.channel === CHANNEL && message.payload) sessionCache.evictSession(message.payload);
  });
  listener = client;
  await client.connect();
  await client.query(`LISTEN ${CHANNEL}`);
  sessionCache.clear();
}

export function isRevocationListenerUp(): boolean {
  return listener !== undefined;
}

export async function stopRevocationListener(): Promise<void> {
  stopping = true;
  const client = listener;
  listener = undefined;
  await client?.end().catch(() => undefined);
}
