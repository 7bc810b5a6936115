import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { publish } from "../platform/db/notifications";
import { SessionCache } from "./session-cache";

/** A dashboard session ended (sign-out, revocation, password reset); payload: its id. */
export const SESSION_REVOKED_CHANNEL = "svc_session_revoked";

export const sessionCache = new SessionCache(() => getConfig().SESSION_CACHE_SECONDS * 1000);

/** Evicts here at once, then tells every other instance through PostgreSQL NOTIFY. */
export async function publishSessionRevoked(em: EntityManager, sessionId: string): Promise<void> {
  await publish(em, SESSION_REVOKED_CHANNEL, sessionId);
}
