import type { EntityManager } from "@mikro-orm/postgresql";
import { sqlOf } from "../../platform/db/sql-of";

/** A registered authenticator (GoTrue's `webauthn_credentials` row). */
export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  sign_count: string;
  transports: string[];
  friendly_name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** GoTrue's `PasskeyListItem`: `friendly_name` and `last_used_at` are left out when empty. */
export interface PasskeyListItem {
  id: string;
  friendly_name?: string;
  created_at: string;
  last_used_at?: string;
}

/** GoTrue's defaults: at most 10 passkeys per person, a name of at most 120 characters. */
export const MAX_PASSKEYS = 10;
export const MAX_PASSKEY_NAME = 120;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export function toListItem(row: PasskeyRow): PasskeyListItem {
  return {
    id: row.id,
    ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}),
    created_at: new Date(row.created_at).toISOString(),
    ...(row.last_used_at ? { last_used_at: new Date(row.last_used_at).toISOString() } : {}),
  };
}

export function passkeysOf(em: EntityManager, userId: string): Promise<PasskeyRow[]> {
  return sqlOf(em)<PasskeyRow[]>(`select * from auth_passkeys where user_id = ? order by created_at, id`, [userId]);
}

/** A passkey of this account only: another account's id is as unknown as a made-up one. */
export async function passkeyOf(em: EntityManager, userId: string, passkeyId: string): Promise<PasskeyRow | null> {
  if (!isUuid(passkeyId)) return null;
  const rows = await sqlOf(em)<PasskeyRow[]>(`select * from auth_passkeys where id = ? and user_id = ?`, [passkeyId, userId]);
  return rows[0] ?? null;
}

export async function passkeyByCredentialId(em: EntityManager, credentialId: string): Promise<PasskeyRow | null> {
  const rows = await sqlOf(em)<PasskeyRow[]>(`select * from auth_passkeys where credential_id = ?`, [credentialId]);
  return rows[0] ?? null;
}
