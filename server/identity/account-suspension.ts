import type { EntityManager } from "@mikro-orm/postgresql";
import { IDENTITY } from "./error-codes";
import { IdentityError } from "./provider-types";

/**
 * An account its workspace's directory suspended (SCIM `active: false` on a managed account,
 * ADR 080) opens no session by any road: every sign-in (password, magic link or code, passkey,
 * upstream provider, single sign-on) ends in `startSession`, which asks this first, afresh.
 */
export async function assertAccountNotSuspended(em: EntityManager, userId: string): Promise<void> {
  const rows = await em.getConnection().execute<{ suspended: boolean }[]>(`select suspended_at is not null as suspended from auth_users where id = ?`, [userId]);
  if (rows[0]?.suspended) throw new IdentityError(IDENTITY.USER_BANNED, "User is banned");
}
