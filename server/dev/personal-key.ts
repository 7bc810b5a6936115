import type { EntityManager } from "@mikro-orm/postgresql";
import { forbidden } from "../platform/errors";
import { isAdmin, type SessionUser } from "../identity";
import { mintCliKey } from "./cli-key";

/** SPEC 4.6 steps 3-4: the loopback bootstrap page mints the CLI key, for administrators of the service only. */
export async function issuePersonalKey(em: EntityManager, session: SessionUser) {
  if (!(await isAdmin(em, session))) throw forbidden();
  return mintCliKey(em, session);
}
