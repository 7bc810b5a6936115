import { TWO_STEP } from "./error-codes";
import { randomInt, randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { sha256Base64url } from "../platform/crypto/sha256";
import { resetRateLimit } from "../platform/rate-limit";
import { IdentityError, personActor, publishSessionRevoked, raiseSessionToAal2, recordAccountChange, type TokenResponse } from "../identity";
import { giveBackCodeAttempt, takeCodeAttempt } from "./code-limits";
import { factorRowsOf, type FactorRow } from "./factor-rows";
import type { MfaCaller } from "./factors";
import { sqlOf } from "../platform/db/sql-of";

/**
 * Recovery codes in the shape of auth-js's `mfa.recoveryCodes` (ADR 045): one set per
 * account, a factor of type `recovery_code` beside the TOTP one, 10 codes of 16 characters
 * (80 random bits each), shown once and stored as SHA-256 only. A code is used once.
 */
const CODES_PER_SET = 10;
const CODE_LENGTH = 16;
/** Lowercase Crockford base32: no i, l, o, u, so a code read aloud or written down survives. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const DEFAULT_NAME = "Recovery codes";

function newCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** As auth-js promises: letter case, whitespace and `-` separators do not matter. */
export function canonicalRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]+/g, "");
}

const hashCode = (code: string) => sha256Base64url(`recovery-code:${code}`);

async function recoverySetOf(em: EntityManager, userId: string): Promise<FactorRow | null> {
  return (await factorRowsOf(em, userId)).find((row) => row.factor_type === "recovery_code") ?? null;
}

function requireAal2(caller: MfaCaller, what: string): void {
  if (caller.aal !== "aal2") throw new IdentityError(TWO_STEP.INSUFFICIENT_AAL, `AAL2 required to ${what}`);
}

const noRecoveryCodes = () => new IdentityError(TWO_STEP.MFA_FACTOR_NOT_FOUND, "Recovery codes not found");

/** A new set in place of the old one, in `em`'s transaction: never half of each. */
async function writeCodes(em: EntityManager, factorId: string): Promise<string[]> {
  const sql = sqlOf(em);
  const codes = Array.from({ length: CODES_PER_SET }, newCode);
  await sql(`delete from auth_mfa_recovery_codes where factor_id = ?`, [factorId]);
  await sql(`insert into auth_mfa_recovery_codes (factor_id, code_hash) values ${codes.map(() => "(?, ?)").join(", ")}`, codes.flatMap((code) => [factorId, hashCode(code)]));
  return codes;
}

/** `GET /factors/recovery-codes`: how many codes the set has and how many are unused; never the codes. */
export async function recoveryCodesStatus(em: EntityManager, caller: MfaCaller) {
  const set = await recoverySetOf(em, caller.user.id);
  if (!set) throw noRecoveryCodes();
  const rows = await em
    .getConnection()
    .execute<{ total: number; remaining: number }[]>(
      `select count(*)::int as total, count(*) filter (where used_at is null)::int as remaining from auth_mfa_recovery_codes where factor_id = ?`,
      [set.id],
    );
  return { id: set.id, type: "recovery_code" as const, total: rows[0]!.total, remaining: rows[0]!.remaining };
}

/** `POST /factors/recovery-codes`: the first set, from an `aal2` session of an account with another verified factor. */
export async function generateRecoveryCodes(em: EntityManager, caller: MfaCaller, fields: Record<string, unknown>) {
  requireAal2(caller, "generate recovery codes");
  const factors = await factorRowsOf(em, caller.user.id);
  if (factors.some((row) => row.factor_type === "recovery_code")) {
    throw new IdentityError(TWO_STEP.MFA_VERIFIED_FACTOR_EXISTS, "Recovery codes already exist, regenerate them to get a new set");
  }
  if (!factors.some((row) => row.status === "verified")) {
    throw new IdentityError(TWO_STEP.MFA_RECOVERY_CODES_SOLE_FACTOR, "Recovery codes cannot be the only verified factor. Please enroll another factor first.");
  }
  const friendlyName = typeof fields.friendly_name === "string" && fields.friendly_name.trim() !== "" ? fields.friendly_name.trim().slice(0, 200) : DEFAULT_NAME;
  const id = randomUUID();
  const codes = await em.transactional(async (tx) => {
    await sqlOf(tx)(`insert into auth_mfa_factors (id, user_id, friendly_name, factor_type, status) values (?, ?, ?, 'recovery_code', 'verified')`, [id, caller.user.id, friendlyName]);
    await recordAccountChange(tx, caller.user.id, { audit: "factor.enrolled", data: { factorType: "recovery_code", friendlyName }, target: { type: "factor", id }, actor: personActor(caller.user) });
    return writeCodes(tx, id);
  });
  return { id, type: "recovery_code" as const, friendly_name: friendlyName, total: codes.length, codes };
}

/** `POST /factors/recovery-codes/regenerate`: a new set; every code of the old one dies, and its lockout with it. */
export async function regenerateRecoveryCodes(em: EntityManager, caller: MfaCaller) {
  requireAal2(caller, "regenerate recovery codes");
  const set = await recoverySetOf(em, caller.user.id);
  if (!set) throw noRecoveryCodes();
  const codes = await em.transactional(async (tx) => {
    await sqlOf(tx)(`update auth_mfa_factors set updated_at = now() where id = ?`, [set.id]);
    await recordAccountChange(tx, caller.user.id, { audit: "recovery_codes.regenerated", data: {}, target: { type: "factor", id: set.id }, actor: personActor(caller.user) });
    return writeCodes(tx, set.id);
  });
  await resetRateLimit(em, `mfa-factor:${set.id}`);
  return { id: set.id, type: "recovery_code" as const, friendly_name: set.friendly_name, total: codes.length, codes };
}

/** `DELETE /factors/recovery-codes`. */
export async function deleteRecoveryCodes(em: EntityManager, caller: MfaCaller) {
  requireAal2(caller, "delete recovery codes");
  const set = await recoverySetOf(em, caller.user.id);
  if (!set) throw noRecoveryCodes();
  await em.transactional(async (tx) => {
    await tx.execute(`delete from auth_mfa_factors where id = ?`, [set.id]);
    await recordAccountChange(tx, caller.user.id, { audit: "factor.removed", data: { factorType: "recovery_code", friendlyName: set.friendly_name }, target: { type: "factor", id: set.id }, actor: personActor(caller.user) });
  });
  return { id: set.id };
}

/** `POST /factors/recovery-codes/verify`: an unused code in place of the app's; the session rises to `aal2`. */
export async function verifyRecoveryCode(em: EntityManager, caller: MfaCaller, fields: Record<string, unknown>): Promise<TokenResponse> {
  const code = canonicalRecoveryCode(typeof fields.code === "string" ? fields.code : "");
  if (code === "") throw new IdentityError(TWO_STEP.MFA_VERIFICATION_FAILED, "Invalid recovery code entered");
  const set = await recoverySetOf(em, caller.user.id);
  if (!set) throw noRecoveryCodes();
  await takeCodeAttempt(em, set.id, TWO_STEP.MFA_RECOVERY_CODES_LOCKED, "wrong recovery codes");
  // Marked used in the statement that finds it (one code, one sign-in, even under a race),
  // in the transaction that raises the session.
  const raised = await em.transactional(async (tx) => {
    const used = await sqlOf(tx)<{ id: string }[]>(`update auth_mfa_recovery_codes set used_at = now() where factor_id = ? and code_hash = ? and used_at is null returning id`, [
      set.id,
      hashCode(code),
    ]);
    if (used.length === 0) return null;
    await recordAccountChange(tx, caller.user.id, { audit: "recovery_codes.used", data: {}, target: { type: "factor", id: set.id }, actor: personActor(caller.user) });
    return raiseSessionToAal2(tx, caller.user, caller.sessionId, "mfa/recovery_code");
  });
  if (!raised) throw new IdentityError(TWO_STEP.MFA_VERIFICATION_FAILED, "Invalid recovery code entered");
  await giveBackCodeAttempt(em, set.id);
  for (const sessionId of raised.ended) await publishSessionRevoked(em, sessionId);
  return raised.tokens;
}
