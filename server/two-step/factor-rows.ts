import type { EntityManager } from "@mikro-orm/postgresql";
import { sqlOf } from "../platform/db/sql-of";

/** A second factor's row; the user object's view of it is the core's (`factorsOf`, `toProviderFactor`). */
export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string;
  factor_type: "totp" | "recovery_code" | "webauthn";
  status: "unverified" | "verified";
  secret_ciphertext: string | null;
  last_step: string | null;
  web_authn_credential: unknown;
  created_at: Date;
  updated_at: Date;
}

export function factorRowsOf(em: EntityManager, userId: string): Promise<FactorRow[]> {
  return sqlOf(em)<FactorRow[]>(`select * from auth_mfa_factors where user_id = ? order by created_at, id`, [userId]);
}

/** A factor of this account only: another account's id is as unknown as a made-up one. */
export async function factorOf(em: EntityManager, userId: string, factorId: string): Promise<FactorRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(factorId)) return null;
  const rows = await sqlOf(em)<FactorRow[]>(`select * from auth_mfa_factors where id = ? and user_id = ?`, [factorId, userId]);
  return rows[0] ?? null;
}
