import type { EntityManager } from "@mikro-orm/postgresql";
import { forbidden } from "../platform/errors";
import { membershipRole } from "../tenants";
import { CAPABILITIES, can, type Capability } from "./permissions";

/**
 * A CLI key (`svc login`, either way) is its person at a terminal, so where a surface
 * otherwise takes any key of the workspace as its app acting (connect sessions, the key's
 * own app's variables), a CLI key may do only what its person's current role allows: a
 * viewer's key reads, and is refused what a viewer is refused on the dashboard. An app's own
 * key is the app itself and is not judged by anyone's role.
 */
export async function requireCliKeyPersonMay(em: EntityManager, key: { purpose: string; tenantId: string; userId: string }, capability: Capability): Promise<void> {
  if (key.purpose !== "cli") return;
  const role = await membershipRole(em, key.tenantId, key.userId);
  if (!role) throw forbidden(CAPABILITIES["workspace.read"].refusal);
  if (!can(role, capability)) throw forbidden(CAPABILITIES[capability].refusal);
}
