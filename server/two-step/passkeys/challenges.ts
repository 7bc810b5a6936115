import { PASSKEYS } from "./error-codes";
import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { IdentityError } from "../../identity";
import { sqlOf } from "../../platform/db/sql-of";

/** GoTrue's `GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION` default. */
export const CHALLENGE_SECONDS = 300;
/** Expired challenges are kept a while so a late verify hears "expired", not "not found". */
const KEEP_EXPIRED = "1 hour";

export type ChallengeKind = "registration" | "authentication";

/**
 * Stores a ceremony's challenge in PostgreSQL, so the instance that verifies need not be the
 * one that made the options. Old rows are swept here, on the way: nothing else reads them.
 */
export async function storeChallenge(em: EntityManager, kind: ChallengeKind, userId: string | null, challenge: string): Promise<{ id: string; expiresAt: number }> {
  const sql = sqlOf(em);
  await sql(`delete from auth_passkey_challenges where expires_at < now() - interval '${KEEP_EXPIRED}'`);
  const id = randomUUID();
  const rows = await sql<{ expires_at: Date }[]>(
    `insert into auth_passkey_challenges (id, user_id, kind, challenge, expires_at) values (?, ?, ?, ?, now() + make_interval(secs => ?)) returning expires_at`,
    [id, userId, kind, challenge, CHALLENGE_SECONDS],
  );
  return { id, expiresAt: Math.floor(new Date(rows[0]!.expires_at).getTime() / 1000) };
}

/**
 * GoTrue's `ConsumeWebAuthnChallengeByID`: the challenge is deleted as it is read, before the
 * credential is looked at, so it answers one verify whatever that verify's outcome; a second
 * (a replay, or a race from another instance) finds nothing.
 */
export async function consumeChallenge(em: EntityManager, kind: ChallengeKind, userId: string | null, challengeId: string): Promise<string> {
  const rows = await sqlOf(em)<{ challenge: string; expired: boolean }[]>(
    `delete from auth_passkey_challenges where id = ? and kind = ? and user_id is not distinct from ? returning challenge, expires_at <= now() as expired`,
    [challengeId, kind, userId],
  );
  const row = rows[0];
  if (!row) throw new IdentityError(PASSKEYS.WEBAUTHN_CHALLENGE_NOT_FOUND, "Challenge not found or already used");
  if (row.expired) throw new IdentityError(PASSKEYS.WEBAUTHN_CHALLENGE_EXPIRED, "Challenge has expired");
  return row.challenge;
}
