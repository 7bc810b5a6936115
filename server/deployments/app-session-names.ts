import type { EntityManager } from "@mikro-orm/postgresql";
import { publish } from "../platform/db/notifications";

/**
 * An app session keeps the name it was opened with (the identity provider may be another
 * service, so there is no users table to join). When a person changes their display name,
 * their open sessions and pending codes take the new one, and every instance drops its
 * cached identities of that person (app sessions and access tokens, which read the name from
 * the account), so the tool's `x-svc-user-name` follows at once.
 * Payload: the user id.
 */
export const APP_SESSION_RENAMED_CHANNEL = "svc_app_session_renamed";

export async function renameInAppSessions(em: EntityManager, userId: string, displayName: string): Promise<void> {
  const conn = em.getConnection();
  await conn.execute(`update app_proxy_codes set display_name = ? where user_id = ? and used_at is null and display_name <> ?`, [displayName, userId, displayName]);
  await conn.execute(`update app_sessions set display_name = ? where user_id = ? and revoked_at is null and display_name <> ?`, [displayName, userId, displayName]);
  // Always: a tool's access token (tool-tokens.ts) caches the name too, with no row to tell.
  await publish(em, APP_SESSION_RENAMED_CHANNEL, userId);
}
