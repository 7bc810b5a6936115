import type { EntityManager } from "@mikro-orm/postgresql";
import { toProviderFactor, type ListedFactorRow, type ProviderFactor } from "./account-factors";
import { AuthUser } from "./entities";

/**
 * A bearer's session row and its person in one statement (issue 30, ADR 073): `GET /user` and
 * every GoTrue endpoint that acts as a token's person read both, and `GET /user` the factors
 * too, where they were two or three round trips. The session's conditions are the ones
 * `sessionFromToken` always had (live, not an app's grant row); no row means no such session,
 * a row without the person's columns means the person is gone, so the refusals and their
 * order stay GoTrue's.
 *
 * The factors come as text timestamps (`::text`, the very text PostgreSQL sends for the
 * column), so they are read exactly as `factorsOf` reads them.
 */
const SESSION_AND_PERSON = `
  select s.aal as token_session_aal, s.created_at as token_session_created_at,
         case when ?::boolean then (
           select coalesce(json_agg(json_build_object('id', f.id, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type, 'status', f.status,
                                                      'created_at', f.created_at::text, 'updated_at', f.updated_at::text) order by f.created_at, f.id), '[]'::json)
             from auth_mfa_factors f where f.user_id = u.id) end as token_user_factors,
         u.*
    from auth_sessions s left join auth_users u on u.id = ?
   where s.id = ? and s.revoked_at is null and s.expires_at > now() and s.oauth_client_id is null`;

const OWN_COLUMNS = ["token_session_aal", "token_session_created_at", "token_user_factors"];

export interface TokenSession {
  aal: "aal1" | "aal2";
  createdAt: Date;
  /** Null when the session's person no longer exists. */
  user: AuthUser | null;
  /** The person's factors, when asked for (`withFactors`). */
  factors: ProviderFactor[] | null;
}

/** The live session `sessionId` of `userId` and that person (a managed entity, as `findOne` gives), or null without such a session. */
export async function readTokenSession(em: EntityManager, sessionId: string, userId: string, withFactors: boolean): Promise<TokenSession | null> {
  const rows = await em.getConnection().execute<Record<string, unknown>[]>(SESSION_AND_PERSON, [withFactors, userId, sessionId]);
  const row = rows[0];
  if (!row) return null;
  const userColumns = Object.fromEntries(Object.entries(row).filter(([column]) => !OWN_COLUMNS.includes(column)));
  const factors = row.token_user_factors as ListedFactorRow[] | null;
  return {
    aal: row.token_session_aal as "aal1" | "aal2",
    createdAt: new Date(row.token_session_created_at as string),
    user: userColumns.id == null ? null : em.map(AuthUser, userColumns),
    factors: factors ? factors.map(toProviderFactor) : null,
  };
}
