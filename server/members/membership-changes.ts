import type { EntityManager } from "@mikro-orm/postgresql";
import { publish } from "../platform/db/notifications";

/**
 * A membership ended or its role changed: every instance drops what it cached about that
 * person in that workspace (app-proxy sessions, verified identity tokens), so a removed
 * member loses access at once everywhere. Payload: `<tenantId>:<userId>`.
 */
export const MEMBERSHIP_CHANGED_CHANNEL = "svc_membership_changed";

/** The channel's payload read back, or null when it is not `<tenantId>:<userId>`. */
export function membershipChange(payload: string): { tenantId: string; userId: string } | null {
  const [tenantId, userId] = payload.split(":");
  return tenantId && userId ? { tenantId, userId } : null;
}

export async function publishMembershipChanged(em: EntityManager, tenantId: string, userId: string): Promise<void> {
  await publish(em, MEMBERSHIP_CHANGED_CHANNEL, `${tenantId}:${userId}`);
}
