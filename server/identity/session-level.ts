import type { EntityManager } from "@mikro-orm/postgresql";
import type { SecondFactor } from "./access-tokens";
import type { AuthUser } from "./entities";
import type { TokenResponse } from "./provider-types";
import { hashRefreshToken, newRefreshToken } from "./tokens/refresh-tokens";
import { sessionTokens } from "./session-tokens";
import { sqlOf } from "../platform/db/sql-of";
import { personActor, recordAccountChange } from "./account-audit";

/**
 * GoTrue's `updateMFASessionAndClaims`: the same session rises to `aal2` with a new refresh
 * token (the old one stops working) and a new access token; then, as GoTrue does, the
 * account's other sessions still at `aal1` end, since they never proved the second factor.
 * Run it in the verify's transaction (which also records each ended session); the caller tells
 * the instances of `ended` after commit.
 */
export async function raiseSessionToAal2(
  em: EntityManager,
  user: AuthUser,
  sessionId: string,
  method: SecondFactor["method"],
): Promise<{ tokens: TokenResponse; ended: string[] }> {
  const sql = sqlOf(em);
  const refreshToken = newRefreshToken();
  // The aal1 refresh token is rotated away: a reuse of it ends the session (ADR 060). No
  // successor is kept for it: a copy of the aal1 token never reads the aal2 one.
  await sql(
    `insert into auth_refresh_token_rotations (token_hash, session_id) select refresh_token_hash, id from auth_sessions where id = ? and revoked_at is null on conflict do nothing`,
    [sessionId],
  );
  const rows = await sql<{ created_at: Date; mfa_at: Date; sign_in_method: string | null }[]>(
    `update auth_sessions set aal = 'aal2', mfa_method = ?, mfa_at = now(), refresh_token_hash = ?, refreshed_at = now()
       where id = ? and revoked_at is null returning created_at, mfa_at, sign_in_method`,
    [method, hashRefreshToken(refreshToken), sessionId],
  );
  const row = rows[0]!;
  const ended = await sql<{ id: string }[]>(`update auth_sessions set revoked_at = now() where user_id = ? and id <> ? and aal = 'aal1' and revoked_at is null returning id`, [user.id, sessionId]);
  // Each ended session is the person's account event, recorded with the verify that ended it.
  for (const { id } of ended) await recordAccountChange(em, user.id, { audit: "session.revoked", data: {}, target: { type: "session", id }, actor: personActor(user) });
  const tokens = await sessionTokens(em, user, sessionId, refreshToken, new Date(row.created_at), { method, at: new Date(row.mfa_at) }, undefined, row.sign_in_method);
  return { tokens, ended: ended.map((session) => session.id) };
}
