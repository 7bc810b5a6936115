import type { EntityManager } from "@mikro-orm/postgresql";
import { type AuthUser, BuiltInIdentityProvider } from "../../identity";

/** The session a passkey call comes from: its account, its id, the level it reached. */
export interface PasskeyCaller {
  user: AuthUser;
  sessionId: string;
  aal: "aal1" | "aal2";
}

/** GoTrue's `requireAuthentication`: the bearer's session, refused in GoTrue's words. */
export async function passkeyCallerOf(em: EntityManager, accessToken: string): Promise<PasskeyCaller> {
  const session = await new BuiltInIdentityProvider(em).sessionFromToken(accessToken);
  return { user: session.user, sessionId: session.sessionId, aal: session.aal };
}
