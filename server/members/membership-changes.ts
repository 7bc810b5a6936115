import type { EntityManager } from "@mikro-orm/postgresql";
import { notify, subscribe } from "../platform/db/notifications";

/**
 * A membership ended or its role changed: every instance drops what it cached about that
 * person in that workspace (app-proxy sessions, verified identity tokens), so a removed
 * member loses access at once everywhere. Payload: `<tenantId>:<userId>`.
 */
const CHANNEL = "svc_membership_changed";
const hooks: Array<(tenantId: string, userId: string) => void> = [];

export function onMembershipChanged(hook: (tenantId: string, userId: string) => void): void {
  hooks.push(hook);
}

function dispatch(payload: string): void {
  const [tenantId, userId] = payload.split(":");
  if (!tenantId || !userId) return;
  for (const hook of hooks) hook(tenantId, userId);
}

subscribe(CHANNEL, { onMessage: dispatch, onReset: () => undefined });

export async function publishMembershipChanged(em: EntityManager, tenantId: string, userId: string): Promise<void> {
  dispatch(`${tenantId}:${userId}`);
  await notify(em, CHANNEL, `${tenantId}:${userId}`);
}
