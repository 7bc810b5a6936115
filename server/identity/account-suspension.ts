import type { AuthUser } from "./entities";
import { IDENTITY } from "./error-codes";
import { IdentityError } from "./provider-types";

/**
 * An account its workspace's directory suspended (SCIM `active: false` on a managed account,
 * ADR 080) opens no session by any road: every sign-in (password, magic link or code, passkey,
 * upstream provider, single sign-on) ends in `startSession`, which asks this of the account
 * row the sign-in just read (no statement of its own on the hot path).
 */
export function assertAccountNotSuspended(user: AuthUser): void {
  if (user.suspendedAt) throw new IdentityError(IDENTITY.USER_BANNED, "User is banned");
}
