import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/ports";
import { signedInOwner } from "../support/actors";
import { createTestDatabase } from "../support/database";
import { api } from "../support/http";
import { startService, type RunningService } from "../support/service";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * Issue 19's proof: `kill -9` between the change and its delivery. The change commits, the
 * worker claims the outbox row and is killed while the receiver holds the request; the service
 * starts again on the same database and delivers the event once the claim's lease runs out:
 * the same webhook-id, a valid signature, and no more than the one repeat at-least-once allows.
 */
describe("kill -9 while a webhook is in flight, then a restart", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "svc-webhook-crash-"));
  let database: { url: string; drop(): Promise<void> } | undefined;
  let service: RunningService | undefined;
  let receiver: WebhookReceiver | undefined;

  afterAll(async () => {
    await receiver?.close();
    await service?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers the committed event after the restart", { timeout: 120_000 }, async () => {
    [database, receiver] = await Promise.all([createTestDatabase("webhook_crash"), startWebhookReceiver()]);
    const port = await freePort();
    const env = { WEBHOOK_RETRY_SCHEDULE: "0,1,1", WEBHOOK_TIMEOUT_SECONDS: "2", HEALTH_CHECK_INTERVAL_SECONDS: "0" };
    const first = await startService({ databaseUrl: database.url, dataDir, port, env });
    const { user } = await signedInOwner(first, { slugPrefix: "crash" });
    receiver.script("/crash", ["hold", 200]);
    const endpoint = await api(first, "/api/webhooks", { method: "POST", cookie: user.cookie, json: { url: `${receiver.url}/crash` } });
    expect(endpoint.status, endpoint.text).toBe(201);
    const deployed = await api(first, "/api/deployments", { method: "POST", cookie: user.cookie, json: { name: "crashy", upstreamUrl: "http://127.0.0.1:9" } });
    expect(deployed.status, deployed.text).toBe(201);

    // The attempt is in flight: the change is committed, its outcome is not recorded yet.
    const [held] = await receiver.waitFor("/crash", 1);
    first.child.kill("SIGKILL");
    await new Promise<void>((resolve) => (first.child.exitCode !== null || first.child.signalCode ? resolve() : first.child.once("exit", () => resolve())));
    await first.db.end();
    receiver.releaseHeld();

    service = await startService({ databaseUrl: database.url, dataDir, port, env });
    const hooks = await receiver.waitFor("/crash", 2, 60_000);
    const again = hooks[1]!;
    expect(again.headers["webhook-id"]).toBe(held!.headers["webhook-id"]);
    expect(again.body).toBe(held!.body);
    const headers = (hook: typeof again) => ({
      "webhook-id": String(hook.headers["webhook-id"]),
      "webhook-timestamp": String(hook.headers["webhook-timestamp"]),
      "webhook-signature": String(hook.headers["webhook-signature"]),
    });
    expect(new Webhook(endpoint.body.secret).verify(again.body, headers(again))).toMatchObject({ type: "deployment.created", data: { name: "crashy" } });

    // The delivery is recorded as delivered by the restarted service, after exactly one more request.
    const deadline = Date.now() + 30_000;
    const cookie = await signIn(service, user.email, user.password);
    let log = await api(service, `/api/webhooks/${endpoint.body.id}/deliveries`, { cookie });
    while (log.body.deliveries?.[0]?.status !== "delivered" && Date.now() < deadline) {
      await receiver.waitFor("/never", 1, 200).catch(() => undefined);
      log = await api(service, `/api/webhooks/${endpoint.body.id}/deliveries`, { cookie });
    }
    expect(log.body.deliveries).toHaveLength(1);
    expect(log.body.deliveries[0]).toMatchObject({ eventId: held!.headers["webhook-id"], status: "delivered" });
    expect(log.body.deliveries[0].attempts.map((a: { status: number }) => a.status)).toEqual([200]);
    expect(receiver.received.filter((hook) => hook.path === "/crash")).toHaveLength(2);
  });
});

/** The session of the first run was signed for it; sign in afresh on the restarted service. */
async function signIn(service: RunningService, email: string, password: string): Promise<string> {
  const res = await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email, password } });
  return `svc_session=${res.body.access_token}~${res.body.refresh_token}`;
}
