import type { MikroORM } from "@mikro-orm/postgresql";
import { isSessionLive } from "./session-ending";

/* What the HTTP edge asks of identity besides the session cookie: each call forks its own EntityManager (ADR 069). */

/** Whether a built-in provider's session (a sign-in, or an OAuth grant) is still live. */
export function sessionIsLive(orm: MikroORM, sessionId: string): Promise<boolean> {
  return isSessionLive(orm.em.fork(), sessionId);
}
