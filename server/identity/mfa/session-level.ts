import type { EntityManager } from "@mikro-orm/postgresql";
import type { SecondFactor } from "../access-tokens";
import type { AuthUser } from "../entities";
import type { TokenResponse } from "../provider-types";
import { hashRefreshToken, newRefreshToken } from "../refresh-tokens";
import { publishSessionRevoked } from "../session-revocations";
import { sessionTokens } from "../session-tokens";

/**
 * GoTrue's `updateMFASessionAndClaims`: the same session rises to `aal2` with a new refresh
 * token (the old one stops working) and a new access token; then, as GoTrue does, the
 * account's other sessions still at `aal1` end, since they never proved the second factor.
 */
export async function raiseSessionToAal2(em: EntityManager, user: AuthUser, sessionId: string, method: SecondFactor["method"]): Promise<TokenResponse> {
  const refreshToken = newRefreshToken();
  const rows = await em
    .getConnection()
    .execute<{ created_at: Date; mfa_at: Date }[]>(
      `update auth_sessions set aal = 'aal2', mfa_method = ?, mfa_at = now(), refresh_token_hash = ?, refreshed_at = now()
         where id = ? and revoked_at is null returning created_at, mfa_at`,
      [method, hashRefreshToken(refreshToken), sessionId],
    );
  const row = rows[0]!;
  const ended = await em
    .getConnection()
    .execute<{ id: string }[]>(`update auth_sessions set revoked_at = now() where user_id = ? and id <> ? and aal = 'aal1' and revoked_at is null returning id`, [user.id, sessionId]);
  for (const session of ended) await publishSessionRevoked(em, session.id);
  return sessionTokens(em, user, sessionId, refreshToken, new Date(row.created_at), { method, at: new Date(row.mfa_at) });
}
