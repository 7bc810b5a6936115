import type { EntityManager } from "@mikro-orm/postgresql";
import { personActor, recordAccountChange } from "../identity";
import type { FactorRow } from "./factor-rows";
import type { MfaCaller } from "./mfa-caller";
import { sqlOf } from "../platform/db/sql-of";

/**
 * A factor's first successful verify, in the verify's transaction, for every factor type:
 * it becomes `verified`, the account's other unverified factors of its type go (GoTrue's
 * `DeleteUnverifiedFactors`), and each of the person's workspaces records `factor.enrolled`.
 * `credential`: a WebAuthn factor's, stored as its create ceremony verified it. False when
 * another verify got there first (the factor is verified already, with its own credential).
 */
export async function markFactorVerified(tx: EntityManager, caller: MfaCaller, factor: FactorRow, credential: unknown = null): Promise<boolean> {
  const sql = sqlOf(tx);
  // Only an unverified factor changes: of two first verifies racing, one stores and records it.
  const changed = await sql<{ id: string }[]>(
    `update auth_mfa_factors set status = 'verified', web_authn_credential = ?::jsonb, updated_at = now() where id = ? and status = 'unverified' returning id`,
    [credential === null ? null : JSON.stringify(credential), factor.id],
  );
  if (changed.length === 0) return false;
  await sql(`delete from auth_mfa_factors where user_id = ? and factor_type = ? and status = 'unverified'`, [caller.user.id, factor.factor_type]);
  await recordAccountChange(tx, caller.user.id, {
    audit: "factor.enrolled",
    data: { factorType: factor.factor_type, friendlyName: factor.friendly_name },
    target: { type: "factor", id: factor.id },
    actor: personActor(caller.user),
  });
  return true;
}
