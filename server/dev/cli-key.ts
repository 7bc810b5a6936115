import type { EntityManager } from "@mikro-orm/postgresql";
import { ensureCliApp } from "../apps";
import { tenantFor, type RuleCaller } from "../members";
import { issueAppKey, revokeUserCliKeys } from "../keys";
import { recordChange } from "../changes";

/**
 * SPEC 4.6 step 4, the one way a CLI key is made, whichever login asked for it (the
 * loopback bootstrap page or the device grant): bound to the workspace's CLI project app,
 * after every earlier CLI key of this person is revoked, so one login means one live CLI
 * credential. The key acts with its person's role in the workspace at each request
 * (acting-tenant.ts), so a viewer's key reads and a member's key does what a member may.
 */
export async function mintCliKey(em: EntityManager, person: { userId: string; email: string; secondFactor: RuleCaller; sessionId: string | null }) {
  // Minting is a session's act: a workspace that requires two-step sign-in or single sign-on
  // (ADR 086; the device grant's session carries the approving session's provider) requires it here too.
  const tenant = await tenantFor({ em, userId: person.userId, secondFactor: person.secondFactor, email: person.email, sessionId: person.sessionId }, "workspace.read");
  const { app, created } = await ensureCliApp(em, tenant.tenantId, person.userId);
  // The old keys' revocation, the new key and the login's audit row commit together.
  const issued = await em.transactional(async (tx) => {
    // One at a time per person: two logins traded at once would each revoke the other's
    // not-yet-committed key and both stay live (issue 27).
    await tx.execute(`select pg_advisory_xact_lock(hashtext(?))`, [`cli-key:${person.userId}`]);
    await revokeUserCliKeys(tx, person.userId);
    const key = await issueAppKey(tx, {
      tenantId: tenant.tenantId,
      appId: app.id,
      userId: person.userId,
      email: person.email,
      purpose: "cli",
      name: "svc login",
    });
    await recordChange(tx, { tenantId: tenant.tenantId, audit: "cli.login", data: { prefix: key.key.displayPrefix }, target: { type: "key", id: key.key.id } });
    return key;
  });
  return {
    apiKey: issued.apiKey,
    tenantId: tenant.tenantId,
    appId: app.id,
    email: person.email,
    issuedAt: issued.key.createdAt.toISOString(),
    // No app is made without a word: the page says "Created app CLI" when this login made it.
    appName: app.name,
    appCreated: created,
  };
}
