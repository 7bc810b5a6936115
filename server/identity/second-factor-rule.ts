import type { EntityManager } from "@mikro-orm/postgresql";
import type { IdentityError } from "./provider-types";
import { sqlOf } from "../platform/db/sql-of";

/**
 * One rule for what would let a stolen password keep or widen its hold on an account (ADR 061):
 * once the account has a verified second factor, a session that has not passed it (`aal1`)
 * may not change the password or the address, add or remove passkeys, or end the person's other
 * sessions. Without a verified factor `aal1` is the most there is, and it may. GoTrue's
 * `UserUpdate` and `requirePasskeyManagementAAL` check the same thing; each caller keeps
 * GoTrue's own refusal (`refusal`).
 */
export async function requireSecondFactorIfEnrolled(em: EntityManager, caller: { user: { id: string }; aal: "aal1" | "aal2" }, refusal: () => IdentityError): Promise<void> {
  if (caller.aal === "aal2") return;
  if (await hasVerifiedFactor(em, caller.user.id)) throw refusal();
}

/** GoTrue's `HasMFAEnabled`: any verified factor of the account. */
export async function hasVerifiedFactor(em: EntityManager, userId: string): Promise<boolean> {
  const rows = await sqlOf(em)<{ one: number }[]>(`select 1 as one from auth_mfa_factors where user_id = ? and status = 'verified' limit 1`, [userId]);
  return rows.length > 0;
}
