import type { EntityManager } from "@mikro-orm/postgresql";
import { sqlOf } from "../platform/db/sql-of";

/**
 * The account's second factors as the user object lists them. The rows belong to two-step
 * sign-in (server/two-step writes them); the user object, which the core builds on every
 * sign-in and `GET /user`, only reads this view of them, so the core never imports two-step.
 */

/** A factor as the user object lists it (GoTrue's `models.Factor` JSON). */
export interface ProviderFactor {
  id: string;
  friendly_name: string;
  factor_type: "totp" | "recovery_code" | "webauthn";
  status: "unverified" | "verified";
  created_at: string;
  updated_at: string;
}

/** The columns of an `auth_mfa_factors` row the user object shows. */
export interface ListedFactorRow {
  id: string;
  friendly_name: string;
  factor_type: "totp" | "recovery_code" | "webauthn";
  status: "unverified" | "verified";
  created_at: Date;
  updated_at: Date;
}

export function toProviderFactor(row: ListedFactorRow): ProviderFactor {
  return {
    id: row.id,
    friendly_name: row.friendly_name,
    factor_type: row.factor_type,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** Every factor of the account, verified or not, oldest first: the user object's `factors`. */
export async function factorsOf(em: EntityManager, userId: string): Promise<ProviderFactor[]> {
  const rows = await sqlOf(em)<ListedFactorRow[]>(`select * from auth_mfa_factors where user_id = ? order by created_at, id`, [userId]);
  return rows.map(toProviderFactor);
}
