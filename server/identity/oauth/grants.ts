import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { hashRefreshToken, newRefreshToken } from "../refresh-tokens";
import { GRANT_SECONDS } from "./oauth-provider";
import { endGrantSession } from "./postgres-adapter";

/**
 * Opens the `auth_sessions` row an approved grant owns (the issue 15 contract): its id is the
 * grant's id and every token's `session_id`, so `isSessionLive` and the sign-out revocation
 * path govern OAuth tokens exactly as they govern dashboard sessions. The row's refresh token
 * is a random value nobody holds: the grant's refresh tokens are the library's.
 */
export async function openGrantSession(em: EntityManager, userId: string, clientId: string): Promise<string> {
  const id = randomUUID();
  await em
    .getConnection()
    .execute(
      `insert into auth_sessions (id, user_id, refresh_token_hash, created_at, refreshed_at, expires_at, revoked_at, oauth_client_id)
         values (?, ?, ?, now(), now(), ?, null, ?)`,
      [id, userId, hashRefreshToken(newRefreshToken()), new Date(Date.now() + GRANT_SECONDS * 1000), clientId],
    );
  return id;
}

/**
 * Ends a grant: the library's records under it (the grant, its refresh tokens and codes) are
 * deleted and its session row revoked, which every instance hears through NOTIFY.
 */
export async function revokeOAuthGrant(em: EntityManager, grantId: string): Promise<void> {
  await em.getConnection().execute(`delete from oauth_records where grant_id = ? or (kind = 'Grant' and id = ?)`, [grantId, grantId]);
  await endGrantSession(em, grantId);
}
