import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { sqlOf } from "./sql";

/**
 * GoTrue's `enrollWebAuthnFactor`: an unverified factor with no credential yet. It holds no
 * secret, so unlike TOTP it needs no encryption key; the create ceremony fills it in.
 */
export async function enrollWebAuthnFactor(em: EntityManager, userId: string, friendlyName: string) {
  const id = randomUUID();
  await sqlOf(em)(`insert into auth_mfa_factors (id, user_id, friendly_name, factor_type, status) values (?, ?, ?, 'webauthn', 'unverified')`, [id, userId, friendlyName]);
  return { id, type: "webauthn" as const, friendly_name: friendlyName };
}
