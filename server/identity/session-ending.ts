import type { EntityManager } from "@mikro-orm/postgresql";
import { endSessionsAudited } from "./account-audit";
import { publishSessionRevoked } from "./session-revocations";
import { hashRefreshToken } from "./tokens/refresh-tokens";

/**
 * Whether a session row is live, and the ways one ends: each revokes in PostgreSQL with its
 * audit rows and tells every instance to drop its cached copy (session-revocations.ts).
 */

export async function isSessionLive(em: EntityManager, sessionId: string): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute(`select 1 from auth_sessions where id = ? and revoked_at is null and expires_at > now()`, [sessionId]);
  return rows.length > 0;
}

/** Every live session of a user, but `except` (GoTrue's `Logout` and `LogoutAllExceptMe`). */
export async function revokeSessionsOf(em: EntityManager, userId: string, except: string | null): Promise<void> {
  await endSessionsAudited(
    em,
    `update auth_sessions set revoked_at = now() where user_id = ? and id <> coalesce(?::uuid, '00000000-0000-0000-0000-000000000000') and revoked_at is null returning id, user_id`,
    [userId, except],
    "session.revoked",
    publishSessionRevoked,
  );
}

/** Revokes in PostgreSQL and tells every instance to drop its cached copy (the person signing out of this session). */
export async function revokeSession(em: EntityManager, sessionId: string): Promise<void> {
  const ended = await endSessionsAudited(em, `update auth_sessions set revoked_at = now() where id = ? and revoked_at is null returning id, user_id`, [sessionId], "session.signed_out", publishSessionRevoked);
  if (ended.length === 0) await publishSessionRevoked(em, sessionId);
}

export async function revokeSessionByRefreshToken(em: EntityManager, refreshToken: string): Promise<void> {
  await endSessionsAudited(
    em,
    `update auth_sessions set revoked_at = now() where refresh_token_hash = ? and revoked_at is null returning id, user_id`,
    [hashRefreshToken(refreshToken)],
    "session.signed_out",
    publishSessionRevoked,
  );
}
