import type { EntityManager } from "@mikro-orm/postgresql";
import { BuiltInIdentityProvider } from "./built-in-provider";
import { AuthUser } from "./entities";
import type { TokenResponse } from "./provider-types";
import { userNotFound } from "./provider-types";

/**
 * A session for an account an upstream provider just proved (server/external-sign-in, ADR 075):
 * the same session as after a password sign-in, `aal1`, its audit row naming the provider. An
 * account with a verified second factor then proves it as after a password (ADR 045, 061).
 */
export async function startUpstreamSession(em: EntityManager, userId: string, provider: string): Promise<TokenResponse> {
  const user = await em.findOne(AuthUser, { id: userId }, { refresh: true });
  if (!user) throw userNotFound();
  return new BuiltInIdentityProvider(em).startSession(user, null, undefined, { provider });
}
