import type { EntityManager } from "@mikro-orm/postgresql";
import { accountEventInEachWorkspace, type AuditAction, type ChangeActor } from "../changes";
import { runComposed } from "../platform/db/prepared-statement";

/** What a new session row holds. */
export interface OpeningSession {
  id: string;
  userId: string;
  refreshTokenHash: string;
  at: Date;
  expiresAt: Date;
  userAgent: string | null;
  ipAddress: string | null;
  /** A passkey's sign-in proves both factors: the session starts at `aal2`. */
  proof: "webauthn" | null;
  /** A sign-in through an upstream provider: `oauth`, with the single sign-on provider's id when it is one (ADR 086). */
  upstream: { ssoProviderId: string | null } | null;
  /** The account event each of the person's workspaces records. */
  audit: { action: AuditAction; data: Record<string, unknown>; actor: ChangeActor };
  /** The browser family and address remembered for the new-sign-in mail (devices/new-sign-in-mail.ts). */
  device: { browser: string; address: string };
  /** A rate limit's counter the sign-in forgives (the account's password attempts), deleted with the rest. */
  forgive: string | null;
}

/** The device pair's sighting before this sign-in, and how many pairs the account had. */
export interface DeviceSighting {
  previous: Date | null;
  pairs: number;
}

/**
 * Opens a session in one statement (issue 30, ADR 093): the session row, the account's last
 * sign-in, the audit row in each of the person's workspaces, the device pair's sighting and
 * the forgiven attempts. One statement is one transaction: all of it commits or none, where
 * before the first three were a transaction of six round trips and the last two came after it.
 * Data-modifying `with` parts run to the end whether read or not; the reads (`previous`,
 * `pairs`) see the table as it was before the statement, as the device note's own statement did.
 */
export async function openSession(em: EntityManager, session: OpeningSession): Promise<DeviceSighting> {
  const audit = accountEventInEachWorkspace("audit", session.userId, {
    action: session.audit.action,
    target: { type: "session", id: session.id },
    changes: session.audit.data,
    actor: session.audit.actor,
  });
  // Prepared: its text is the same for every sign-in, and planning it cost PostgreSQL about a
  // tenth of a sign-in's database CPU (ADR 099).
  const rows = await runComposed<{ previous: Date | null; pairs: number }>(
    em,
    "session-opening",
    `with opened as (
       insert into auth_sessions (id, user_id, refresh_token_hash, created_at, refreshed_at, expires_at, revoked_at, user_agent, ip_address, last_active_at, aal, mfa_method, mfa_at, sign_in_method, sso_provider_id)
       values (?, ?, ?, ?, ?, ?, null, ?, ?, ?, ?, ?, ?, ?, ?) returning id),
     signed_in as (update auth_users set last_sign_in_at = ?, updated_at = ? where id = ?),
     ${audit.sql},
     previous as (select last_seen_at from auth_sign_in_devices where user_id = ? and browser = ? and address = ?),
     pairs as (select count(*)::int as n from auth_sign_in_devices where user_id = ?),
     seen as (
       insert into auth_sign_in_devices (user_id, browser, address, last_seen_at) values (?, ?, ?, ?)
       on conflict (user_id, browser, address) do update set last_seen_at = excluded.last_seen_at),
     forgiven as (delete from rate_limit_counters where key = ?)
     select (select last_seen_at from previous) as previous, (select n from pairs) as pairs`,
    [
      session.id,
      session.userId,
      session.refreshTokenHash,
      session.at,
      session.at,
      session.expiresAt,
      session.userAgent,
      session.ipAddress,
      session.at,
      session.proof ? "aal2" : "aal1",
      session.proof,
      session.proof ? session.at : null,
      session.upstream ? "oauth" : null,
      session.upstream?.ssoProviderId ?? null,
      session.at,
      session.at,
      session.userId,
      ...audit.params,
      session.userId,
      session.device.browser,
      session.device.address,
      session.userId,
      session.userId,
      session.device.browser,
      session.device.address,
      session.at,
      session.forgive,
    ],
  );
  const row = rows[0];
  return { previous: row?.previous ?? null, pairs: row?.pairs ?? 0 };
}
