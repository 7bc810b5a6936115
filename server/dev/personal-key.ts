import type { EntityManager } from "@mikro-orm/postgresql";
import { ensureCliApp } from "../apps";
import { workspaceFor } from "../members";
import { forbidden } from "../platform/errors";
import { isAdmin, type SessionUser } from "../identity";
import { issueAppKey, revokeUserCliKeys } from "../keys";
import { recordChange } from "../changes";

/**
 * SPEC 4.6 step 4: a fresh CLI key bound to the workspace's CLI project app. Every earlier
 * CLI key of this user is revoked first, so one login means one live CLI credential.
 */
export async function issuePersonalKey(em: EntityManager, session: SessionUser) {
  if (!(await isAdmin(em, session))) throw forbidden();
  const workspace = await workspaceFor({ em, userId: session.userId }, "workspace.read");
  const { app, created } = await ensureCliApp(em, workspace.tenantId, session.userId);
  // The old keys' revocation, the new key and the login's audit row commit together.
  const issued = await em.transactional(async (tx) => {
    await revokeUserCliKeys(tx, session.userId);
    const key = await issueAppKey(tx, {
      tenantId: workspace.tenantId,
      appId: app.id,
      userId: session.userId,
      email: session.email,
      purpose: "cli",
      name: "svc login",
    });
    await recordChange(tx, { tenantId: workspace.tenantId, audit: "cli.login", data: { prefix: key.key.displayPrefix }, target: { type: "key", id: key.key.id } });
    return key;
  });
  return {
    apiKey: issued.apiKey,
    tenantId: workspace.tenantId,
    appId: app.id,
    email: session.email,
    issuedAt: issued.key.createdAt.toISOString(),
    // No app is made without a word: the page says "Created app CLI" when this login made it.
    appName: app.name,
    appCreated: created,
  };
}
