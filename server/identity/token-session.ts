import type { EntityManager } from "@mikro-orm/postgresql";
import { factorsFromJson, factorsJsonOf, type ProviderFactor } from "./account-factors";
import { AuthUser } from "./entities";

/**
 * A bearer's session row and its person in one statement (issue 30, ADR 073): `GET /user` and
 * every GoTrue endpoint that acts as a token's person read both, and `GET /user` the factors
 * too, where they were two or three round trips. The session's conditions are the ones
 * `sessionFromToken` always had (live, not an app's grant row); no row means no such session,
 * a row without the person's columns means the person is gone, so the refusals and their
 * order stay GoTrue's.
 *
 * The factors come as `factorsJsonOf` lists them.
 */
const SESSION_AND_PERSON = `
  select s.aal as token_session_aal, s.created_at as token_session_created_at,
         case when ?::boolean then ${factorsJsonOf("u.id")} end as token_user_factors,
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
  return {
    aal: row.token_session_aal as "aal1" | "aal2",
    createdAt: new Date(row.token_session_created_at as string),
    user: userColumns.id == null ? null : em.map(AuthUser, userColumns),
    factors: row.token_user_factors == null ? null : factorsFromJson(row.token_user_factors),
  };
}

/** The account with this address (as `findOne(AuthUser, { email })` finds it) and its factors, in one statement: a password sign-in's read. */
export async function readAccountByEmail(em: EntityManager, email: string): Promise<{ user: AuthUser; factors: ProviderFactor[] } | null> {
  const read = accountByEmailRead(email);
  const rows = await em.getConnection().execute<Record<string, unknown>[]>(read.sql, read.params);
  return accountFromRow(em, rows[0]);
}

/** The select of `readAccountByEmail`, to ride on another statement (the sign-in's count, ADR 093). */
export function accountByEmailRead(email: string): { sql: string; params: unknown[] } {
  return { sql: `select ${factorsJsonOf("u.id")} as account_factors, u.* from auth_users u where u.email = ? limit 1`, params: [email] };
}

/** The account (a managed entity) and its factors from a row of `accountByEmailRead`. */
export function accountFromRow(em: EntityManager, row: Record<string, unknown> | null | undefined): { user: AuthUser; factors: ProviderFactor[] } | null {
  if (!row) return null;
  const { account_factors: factors, ...userColumns } = row;
  return { user: em.map(AuthUser, userColumns), factors: factorsFromJson(factors) };
}
