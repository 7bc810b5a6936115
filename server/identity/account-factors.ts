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

/**
 * The same list as a json column of a statement that reads the account anyway (`userId` is
 * the SQL naming its id), so a sign-in or `GET /user` needs no round trip of its own for it
 * (issue 30, ADR 073). Times as `::text`, the very text PostgreSQL sends for the column, so
 * `factorsFromJson` reads them exactly as `factorsOf` reads its rows.
 */
export function factorsJsonOf(userId: string): string {
  return `(select coalesce(json_agg(json_build_object('id', f.id, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type, 'status', f.status,
                                                     'created_at', f.created_at::text, 'updated_at', f.updated_at::text) order by f.created_at, f.id), '[]'::json)
             from auth_mfa_factors f where f.user_id = ${userId})`;
}

export function factorsFromJson(json: unknown): ProviderFactor[] {
  return (json as ListedFactorRow[]).map(toProviderFactor);
}
