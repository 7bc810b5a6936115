import type { EntityManager } from "@mikro-orm/postgresql";
import { AppError } from "../platform/errors";
import type { SessionUser } from "../identity";
import { revokeOwnCliKey } from "../keys";

/**
 * Issue 9 section 2: the CLI login page minted a key but could not hand it to the CLI's
 * loopback listener, so nobody will ever use it. The page revokes it at once instead of
 * leaving a live credential in the API Keys list. Only the signed-in user's own CLI key,
 * named by the key itself, can be revoked this way; anything else is 404 and changes nothing.
 */
export async function revokeUndeliveredKey(em: EntityManager, session: SessionUser, apiKey: string): Promise<void> {
  const revoked = await revokeOwnCliKey(em, session.userId, apiKey);
  if (revoked.length === 0) throw new AppError("NOT_FOUND", "Key not found");
}
