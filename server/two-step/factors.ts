import { TWO_STEP } from "./error-codes";
import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { decryptSecret, encryptSecret } from "../platform/crypto/secret-box";
import { IDENTITY } from "../identity";
import { IdentityError, personActor, publishSessionRevoked, raiseSessionToAal2, recordAccountChange, type TokenResponse } from "../identity";
import { factorOf, factorRowsOf, type FactorRow } from "./factor-rows";
import { giveBackCodeAttempt, takeCodeAttempt } from "./code-limits";
import { sqlOf } from "../platform/db/sql-of";
import { matchTotpStep, newTotpEnrolment } from "./totp";
import { createFactorChallenge, validateFactorChallenge } from "./factor-challenges";
import { markFactorVerified } from "./factor-verified";
import type { MfaCaller } from "./mfa-caller";
import { challengeWebAuthnFactor, enrollWebAuthnFactor, verifyWebAuthnFactor } from "./webauthn-factor";

export type { MfaCaller } from "./mfa-caller";

/** GoTrue's default: 10 factors at most. */
const MAX_FACTORS = 10;

export const factorNotFound = () => new IdentityError(TWO_STEP.MFA_FACTOR_NOT_FOUND, "Factor not found");
const invalidTotp = () => new IdentityError(TWO_STEP.MFA_VERIFICATION_FAILED, "Invalid TOTP code entered");

async function requireFactor(em: EntityManager, caller: MfaCaller, factorId: string): Promise<FactorRow> {
  const factor = await factorOf(em, caller.user.id, factorId);
  if (!factor) throw factorNotFound();
  return factor;
}

/**
 * GoTrue's `POST /factors`: `totp` answers its secret and QR code once; `webauthn` answers the
 * bare unverified factor, its credential made later by the create ceremony (webauthn-factor.ts).
 */
export async function enrollFactor(em: EntityManager, caller: MfaCaller, fields: Record<string, unknown>) {
  const factorType = fields.factor_type;
  if (factorType !== "totp" && factorType !== "webauthn") {
    // Phone factors are GoTrue's too; the built-in provider offers TOTP and WebAuthn.
    throw new IdentityError(IDENTITY.VALIDATION_FAILED, "factor_type needs to be totp or webauthn");
  }
  // The secret is sealed like integration credentials; without the key there is nothing to seal it with.
  if (factorType === "totp" && !getConfig().INTEGRATION_ENCRYPTION_KEY) {
    throw new IdentityError(TWO_STEP.MFA_TOTP_ENROLL_NOT_ENABLED, "MFA enroll is disabled for TOTP: set INTEGRATION_ENCRYPTION_KEY, which seals the secrets");
  }
  const friendlyName = typeof fields.friendly_name === "string" ? fields.friendly_name : "";
  await assertFactorAllowed(em, caller, friendlyName);
  if (factorType === "webauthn") return enrollWebAuthnFactor(em, caller.user.id, friendlyName);
  return enrollTotpFactor(em, caller, friendlyName, typeof fields.issuer === "string" ? fields.issuer.trim() : "");
}

/** GoTrue's `validateFactors`: a free name, room for one more, and `aal2` once a factor is verified. */
async function assertFactorAllowed(em: EntityManager, caller: MfaCaller, friendlyName: string) {
  if (friendlyName.length > 200) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "friendly_name must be at most 200 characters");
  const factors = await factorRowsOf(em, caller.user.id);
  if (friendlyName !== "" && factors.some((factor) => factor.friendly_name === friendlyName)) {
    throw new IdentityError(TWO_STEP.MFA_FACTOR_NAME_CONFLICT, `A factor with the friendly name "${friendlyName}" for this user already exists`);
  }
  if (factors.length >= MAX_FACTORS) throw new IdentityError(TWO_STEP.TOO_MANY_ENROLLED_MFA_FACTORS, "Maximum number of verified factors reached, unenroll to continue");
  if (factors.some((factor) => factor.status === "verified") && caller.aal !== "aal2") {
    throw new IdentityError(TWO_STEP.INSUFFICIENT_AAL, "AAL2 required to enroll a new factor");
  }
}

async function enrollTotpFactor(em: EntityManager, caller: MfaCaller, friendlyName: string, issuerInput: string) {
  const issuer = issuerInput || new URL(getConfig().baseUrl).host;
  const enrolment = await newTotpEnrolment(issuer, caller.user.email);
  const id = randomUUID();
  await em
    .getConnection()
    .execute(`insert into auth_mfa_factors (id, user_id, friendly_name, factor_type, status, secret_ciphertext) values (?, ?, ?, 'totp', 'unverified', ?)`, [
      id,
      caller.user.id,
      friendlyName,
      encryptSecret(enrolment.secret),
    ]);
  return { id, type: "totp" as const, friendly_name: friendlyName, totp: { qr_code: enrolment.qrSvg, secret: enrolment.secret, uri: enrolment.uri } };
}

/**
 * GoTrue's `POST /factors/{id}/challenge`: a challenge to verify within 5 minutes, from the
 * same address; a WebAuthn factor's carries its ceremony's options (webauthn-factor.ts).
 */
export async function challengeFactor(em: EntityManager, caller: MfaCaller, factorId: string, fields: Record<string, unknown> = {}) {
  const factor = await requireFactor(em, caller, factorId);
  if (factor.factor_type === "webauthn") return challengeWebAuthnFactor(em, caller, factor, fields);
  if (factor.factor_type !== "totp") throw factorNotFound();
  const challenge = await createFactorChallenge(em, factor.id, caller.clientAddress);
  return { id: challenge.id, type: "totp" as const, expires_at: challenge.expiresAt };
}

/**
 * GoTrue's `POST /factors/{id}/verify`: the code of the factor's app for a live challenge.
 * The first verify makes the factor `verified`; every one raises the session to `aal2`.
 */
export async function verifyFactor(em: EntityManager, caller: MfaCaller, factorId: string, fields: Record<string, unknown>): Promise<TokenResponse> {
  const factor = await requireFactor(em, caller, factorId);
  // A WebAuthn factor has no code (and no secret to check one against): its ceremony verifies it.
  if (factor.factor_type === "webauthn") return verifyWebAuthnFactor(em, caller, factor, fields);
  const code = typeof fields.code === "string" ? fields.code.trim() : "";
  if (code === "") throw new IdentityError(IDENTITY.VALIDATION_FAILED, "Code needs to be non-empty");
  const challengeId = typeof fields.challenge_id === "string" ? fields.challenge_id : "";
  const challenge = await validateFactorChallenge(em, factor.id, challengeId, caller.clientAddress);
  await takeCodeAttempt(em, factor.id, IDENTITY.MFA_RATE_LIMITED, "wrong codes");
  const step = matchTotpStep(decryptSecret(factor.secret_ciphertext ?? ""), code);
  // One transaction: the code's step, the challenge, the factor and the session change together.
  const raised = await em.transactional(async (tx) => {
    const sql = sqlOf(tx);
    // The step is claimed atomically: of two requests with one code, one wins; a used code stays refused.
    if (step === null) return null;
    const claimed = await sql<{ id: string }[]>(`update auth_mfa_factors set last_step = ? where id = ? and (last_step is null or last_step < ?) returning id`, [step, factor.id, step]);
    if (claimed.length === 0) return null;
    await sql(`update auth_mfa_challenges set verified_at = now() where id = ?`, [challenge.id]);
    if (factor.status !== "verified") await markFactorVerified(tx, caller, factor);
    return raiseSessionToAal2(tx, caller.user, caller.sessionId, "totp");
  });
  if (!raised) throw invalidTotp();
  await giveBackCodeAttempt(em, factor.id);
  for (const sessionId of raised.ended) await publishSessionRevoked(em, sessionId);
  return raised.tokens;
}

/**
 * GoTrue's `DELETE /factors/{id}`: a verified factor only from an `aal2` session; the last
 * factor that recovery codes back cannot go while they exist. The account's sessions drop
 * back to `aal1` when no verified factor is left.
 */
export async function unenrollFactor(em: EntityManager, caller: MfaCaller, factorId: string) {
  const factor = await requireFactor(em, caller, factorId);
  if (factor.factor_type === "recovery_code") {
    throw new IdentityError(IDENTITY.VALIDATION_FAILED_422, "Recovery codes cannot be unenrolled with this endpoint, use DELETE /factors/recovery-codes");
  }
  if (factor.status === "verified" && caller.aal !== "aal2") throw new IdentityError(IDENTITY.INSUFFICIENT_AAL_UNENROLL, "AAL2 required to unenroll verified factor");
  const others = (await factorRowsOf(em, caller.user.id)).filter((row) => row.id !== factor.id && row.status === "verified");
  if (factor.status === "verified" && others.some((row) => row.factor_type === "recovery_code") && !others.some((row) => row.factor_type !== "recovery_code")) {
    throw new IdentityError(
      TWO_STEP.MFA_RECOVERY_CODES_SOLE_FACTOR,
      "Recovery codes cannot be the only verified factor. Please enroll another factor before unenrolling this one or delete your recovery codes.",
    );
  }
  // The factor, the sessions' level and the audit row change together.
  await em.transactional(async (tx) => {
    await tx.execute(`delete from auth_mfa_factors where id = ?`, [factor.id]);
    // A passkey sign-in is aal2 by itself (ADR 048): removing the last TOTP factor leaves it so.
    if (others.length === 0) {
      await tx.execute(`update auth_sessions set aal = 'aal1', mfa_method = null, mfa_at = null where user_id = ? and mfa_method is distinct from 'webauthn'`, [caller.user.id]);
    }
    if (factor.status === "verified") {
      await recordAccountChange(tx, caller.user.id, { audit: "factor.removed", data: { factorType: factor.factor_type, friendlyName: factor.friendly_name }, target: { type: "factor", id: factor.id }, actor: personActor(caller.user) });
    }
  });
  return { id: factor.id };
}
