import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * Where a dashboard session stands on the second factor (issue 20, 1):
 *  - `none`: the person has no verified second factor; a password is all there is;
 *  - `pending`: they have one (an authenticator app or a security key, a WebAuthn factor), and
 *    this session has not passed a second factor yet (`aal1`);
 *  - `verified`: this session passed one (`aal2`).
 * A `pending` session reaches the second sign-in page and sign-out only (ADR 049).
 */
export type SecondFactorStanding = "none" | "pending" | "verified";

/**
 * The session's liveness and standing in one indexed lookup (the session check's miss path
 * already paid for the liveness query; this adds a join, not a round trip). Null when the
 * session is revoked, expired or unknown, or is an app's OAuth grant (never a dashboard session).
 */
export async function sessionStanding(em: EntityManager, sessionId: string): Promise<SecondFactorStanding | null> {
  const rows = await em.getConnection().execute<{ aal: string; has_factor: boolean }[]>(
    `select s.aal,
            exists (select 1 from auth_mfa_factors f where f.user_id = s.user_id and f.factor_type in ('totp', 'webauthn') and f.status = 'verified') as has_factor
       from auth_sessions s
      where s.id = ? and s.revoked_at is null and s.expires_at > now() and s.oauth_client_id is null`,
    [sessionId],
  );
  const row = rows[0];
  if (!row) return null;
  if (!row.has_factor) return "none";
  return row.aal === "aal2" ? "verified" : "pending";
}
