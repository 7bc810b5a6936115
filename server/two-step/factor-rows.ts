import type { EntityManager } from "@mikro-orm/postgresql";
import { sqlOf } from "../platform/db/sql-of";

/** A factor as the user object lists it (GoTrue's `models.Factor` JSON). */
export interface ProviderFactor {
  id: string;
  friendly_name: string;
  factor_type: "totp" | "recovery_code" | "webauthn";
  status: "unverified" | "verified";
  created_at: string;
  updated_at: string;
}

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

export function toProviderFactor(row: FactorRow): ProviderFactor {
  return {
    id: row.id,
    friendly_name: row.friendly_name,
    factor_type: row.factor_type,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export function factorRowsOf(em: EntityManager, userId: string): Promise<FactorRow[]> {
  return sqlOf(em)<FactorRow[]>(`select * from auth_mfa_factors where user_id = ? order by created_at, id`, [userId]);
}

/** Every factor of the account, verified or not, oldest first: the user object's `factors`. */
export async function factorsOf(em: EntityManager, userId: string): Promise<ProviderFactor[]> {
  return (await factorRowsOf(em, userId)).map(toProviderFactor);
}

/** A factor of this account only: another account's id is as unknown as a made-up one. */
export async function factorOf(em: EntityManager, userId: string, factorId: string): Promise<FactorRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(factorId)) return null;
  const rows = await sqlOf(em)<FactorRow[]>(`select * from auth_mfa_factors where id = ? and user_id = ?`, [factorId, userId]);
  return rows[0] ?? null;
}
