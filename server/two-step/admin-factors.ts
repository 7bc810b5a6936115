import type { EntityManager } from "@mikro-orm/postgresql";
import { IDENTITY } from "../identity";
import { factorsOf, IdentityError, type ProviderFactor, toProviderFactor } from "../identity";
import { factorNotFound } from "./factors";
import { factorOf, factorRowsOf } from "./factor-rows";
import { sqlOf } from "../platform/db/sql-of";

/**
 * GoTrue's admin factor routes (auth-js `auth.admin.mfa.listFactors` / `deleteFactor`), for
 * the holder of the service-role key: an administrator can see and remove a person's factors,
 * for instance when the phone with the authenticator app is lost.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function requireUser(em: EntityManager, userId: string): Promise<void> {
  const rows = UUID.test(userId) ? await sqlOf(em)(`select 1 from auth_users where id = ?`, [userId]) : [];
  if (rows.length === 0) throw new IdentityError(IDENTITY.ADMIN_USER_NOT_FOUND, "User not found");
}

/** GoTrue's adminUserGetFactors: the user's `factors`, as the user object lists them. */
export async function adminListFactors(em: EntityManager, userId: string): Promise<ProviderFactor[]> {
  await requireUser(em, userId);
  return factorsOf(em, userId);
}

/**
 * GoTrue's adminUserDeleteFactor: the factor goes whatever its state (no `aal2` needed, the
 * key is the authority), and the deleted factor is the answer. Recovery codes back the
 * account's other factors: when none is left they go too (they may never be the only
 * factor, ADR 045), and the account's sessions drop back to `aal1`.
 */
export async function adminDeleteFactor(em: EntityManager, userId: string, factorId: string): Promise<ProviderFactor> {
  await requireUser(em, userId);
  const factor = await factorOf(em, userId, factorId);
  if (!factor) throw factorNotFound();
  const sql = sqlOf(em);
  await sql(`delete from auth_mfa_factors where id = ?`, [factor.id]);
  const left = (await factorRowsOf(em, userId)).filter((row) => row.status === "verified");
  if (!left.some((row) => row.factor_type !== "recovery_code")) {
    await sql(`delete from auth_mfa_factors where user_id = ? and factor_type = 'recovery_code'`, [userId]);
    await sql(`update auth_sessions set aal = 'aal1', mfa_method = null, mfa_at = null where user_id = ?`, [userId]);
  }
  return toProviderFactor(factor);
}
