import { TWO_STEP } from "./error-codes";
import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { IdentityError } from "../identity";
import { sqlOf } from "../platform/db/sql-of";

/** GoTrue's `MFA_CHALLENGE_EXPIRY_DURATION` default: a factor's challenge lives 5 minutes. */
export const CHALLENGE_SECONDS = 300;

/** A factor's challenge: TOTP's holds nothing more; a WebAuthn factor's holds its ceremony's challenge. */
export interface FactorChallenge {
  id: string;
  web_authn_challenge: string | null;
}

/**
 * One challenge table for every factor type (GoTrue's `mfa_challenges`): made for one factor,
 * from one address, verified within 5 minutes.
 */
export async function createFactorChallenge(em: EntityManager, factorId: string, clientAddress: string | null, webAuthnChallenge: string | null = null) {
  const id = randomUUID();
  const rows = await sqlOf(em)<{ created_at: Date }[]>(
    `insert into auth_mfa_challenges (id, factor_id, ip_address, web_authn_challenge) values (?, ?, ?, ?) returning created_at`,
    [id, factorId, clientAddress ?? "", webAuthnChallenge],
  );
  return { id, expiresAt: Math.floor(new Date(rows[0]!.created_at).getTime() / 1000) + CHALLENGE_SECONDS };
}

/**
 * GoTrue's `validateChallenge`: a challenge of this factor (else 422 `mfa_factor_not_found`),
 * not verified yet and made from the verify's address (`mfa_ip_address_mismatch`), and alive
 * (an expired one is deleted and answered `mfa_challenge_expired`).
 */
export async function validateFactorChallenge(em: EntityManager, factorId: string, challengeId: string, clientAddress: string | null): Promise<FactorChallenge> {
  const rows = /^[0-9a-f-]{36}$/i.test(challengeId)
    ? await sqlOf(em)<(FactorChallenge & { ip_address: string; verified_at: Date | null; expired: boolean })[]>(
        `select id, ip_address, verified_at, web_authn_challenge, created_at < now() - make_interval(secs => ?) as expired from auth_mfa_challenges where id = ? and factor_id = ?`,
        [CHALLENGE_SECONDS, challengeId, factorId],
      )
    : [];
  const challenge = rows[0];
  if (!challenge) throw challengeNotFound();
  if (challenge.verified_at || challenge.ip_address !== (clientAddress ?? "")) {
    throw new IdentityError(TWO_STEP.MFA_IP_ADDRESS_MISMATCH, "Challenge and verify IP addresses mismatch.");
  }
  if (challenge.expired) {
    await sqlOf(em)(`delete from auth_mfa_challenges where id = ?`, [challenge.id]);
    throw new IdentityError(TWO_STEP.MFA_CHALLENGE_EXPIRED, `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
  }
  return { id: challenge.id, web_authn_challenge: challenge.web_authn_challenge };
}

export const challengeNotFound = () => new IdentityError(TWO_STEP.MFA_CHALLENGE_NOT_FOUND, "MFA factor with the provided challenge ID not found");

/**
 * A WebAuthn factor's challenge is used up as it is read, before the credential is judged, so
 * it answers one verify whatever that verify's outcome (as the passkey ceremonies' challenges):
 * a replay, or a second verify racing the first, finds nothing.
 */
export async function consumeFactorChallenge(em: EntityManager, challengeId: string): Promise<void> {
  const deleted = await sqlOf(em)<{ id: string }[]>(`delete from auth_mfa_challenges where id = ? returning id`, [challengeId]);
  if (deleted.length === 0) throw challengeNotFound();
}
