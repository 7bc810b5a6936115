import type { EntityManager } from "@mikro-orm/postgresql";
import { z } from "zod";
import { AppError } from "../platform/errors";
import { publishSessionRevoked } from "./session-revocations";
import { endSessionsAudited } from "./account-audit";
import { describeUserAgent } from "./devices/user-agent";

/** One row of "Where you're signed in" (`signedInSessionOutput`). */
export interface SignedInSession {
  id: string;
  browser: string;
  system: string;
  address: string | null;
  createdAt: string;
  lastActiveAt: string;
  current: boolean;
}

export const SESSION_NOT_FOUND_MESSAGE = "Session not found";
const SESSION_ID = z.uuid();

/**
 * The person's live browser sessions, the current one first, then the most recently used.
 * Rows an OAuth grant owns (`oauth_client_id` set, docs/decisions/037) are not browser
 * sessions: they are the profile's authorized applications.
 */
export async function listSignedInSessions(em: EntityManager, userId: string, currentSessionId: string | null): Promise<SignedInSession[]> {
  const rows = await em.getConnection().execute<{ id: string; user_agent: string | null; ip_address: string | null; created_at: Date; last_active_at: Date }[]>(
    `select id, user_agent, ip_address, created_at, last_active_at from auth_sessions
      where user_id = ? and oauth_client_id is null and revoked_at is null and expires_at > now()
      order by id = coalesce(?::uuid, '00000000-0000-0000-0000-000000000000') desc, last_active_at desc, created_at desc`,
    [userId, currentSessionId],
  );
  return rows.map((row) => {
    const { browser, system } = describeUserAgent(row.user_agent);
    return {
      id: row.id,
      browser,
      system,
      address: row.ip_address,
      createdAt: new Date(row.created_at).toISOString(),
      lastActiveAt: new Date(row.last_active_at).toISOString(),
      current: row.id === currentSessionId,
    };
  });
}

/**
 * Ends one of the person's browser sessions (any, this one too) through the path every
 * sign-out takes: the row is revoked and every instance told at once. Another person's
 * session, a grant's row, an ended one or a malformed id are all "not found".
 */
export async function revokeSignedInSession(em: EntityManager, userId: string, sessionId: string): Promise<void> {
  // Anything but a UUID names no session, and must not reach PostgreSQL (a NUL there is a 500).
  if (!SESSION_ID.safeParse(sessionId).success) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND_MESSAGE);
  const ended = await endSessionsAudited(
    em,
    `update auth_sessions set revoked_at = now()
      where id = ? and user_id = ? and oauth_client_id is null and revoked_at is null and expires_at > now() returning id, user_id`,
    [sessionId, userId],
    "session.revoked",
    publishSessionRevoked,
  );
  if (ended.length === 0) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND_MESSAGE);
}

/**
 * "Sign out everywhere else", and auth-js's `signOut({ scope: "others" })`: every other
 * browser session of the person ends. Grants stay: they are applications the person
 * authorized, listed and revoked on their own (docs/decisions/046).
 */
export async function revokeOtherSignedInSessions(em: EntityManager, userId: string, keepSessionId: string): Promise<number> {
  const ended = await endSessionsAudited(
    em,
    `update auth_sessions set revoked_at = now()
      where user_id = ? and id <> ?::uuid and oauth_client_id is null and revoked_at is null returning id, user_id`,
    [userId, keepSessionId],
    "session.revoked",
    publishSessionRevoked,
  );
  return ended.length;
}
