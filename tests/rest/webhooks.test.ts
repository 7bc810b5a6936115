import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { appWithKey, invitedPerson, signedInOwner } from "../support/actors";
import { HOSTILE } from "../support/hostile-strings";
import { api, type TestUser } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource, suiteSetUp } from "../support/suite-resource";
import { startWebhookReceiver, type ReceivedHook } from "../support/webhook-receiver";

/**
 * Issue 19 item 4: webhook endpoints over REST and their delivery, checked from the receiving
 * end with the reference `standardwebhooks` package. The retry schedule is shortened with
 * WEBHOOK_RETRY_SCHEDULE (1 s between attempts) so three attempts take seconds.
 */
describe("webhooks", () => {
  const service = suiteService({ label: "webhooks", env: { WEBHOOK_RETRY_SCHEDULE: "0,1,1", HEALTH_CHECK_INTERVAL_SECONDS: "0" } });
  const receiver = suiteResource(startWebhookReceiver, (started) => started.close());
  const owner = suiteSetUp(async () => (await signedInOwner(service, { slugPrefix: "hook" })).user);

  const createEndpoint = (json: unknown, user: TestUser = owner) => api(service, "/api/webhooks", { method: "POST", cookie: user.cookie, json });
  const endpointCount = async () => (await service.db.query("select count(*)::int as n from webhook_endpoints")).rows[0].n;
  let deploymentNumber = 0;
  /** A change the owner can make: registering a deployed tool (`deployment.created`). */
  const deploy = async (user: TestUser = owner) => {
    const res = await api(service, "/api/deployments", { method: "POST", cookie: user.cookie, json: { name: `tool-${++deploymentNumber}`, upstreamUrl: "http://127.0.0.1:9" } });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string; name: string; appId: string };
  };
  const verify = (secret: string, hook: ReceivedHook) =>
    new Webhook(secret).verify(hook.body, {
      "webhook-id": String(hook.headers["webhook-id"]),
      "webhook-timestamp": String(hook.headers["webhook-timestamp"]),
      "webhook-signature": String(hook.headers["webhook-signature"]),
    });
  const waitForDelivery = async (endpointId: string, status: string) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await api(service, `/api/webhooks/${endpointId}/deliveries`, { cookie: owner.cookie });
      const found = res.body.deliveries?.find((d: { status: string }) => d.status === status);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${status} delivery: ${res.text}`);
      await receiver.waitFor("/never", 1, 200).catch(() => undefined);
    }
  };

  it("shows the whsec_ secret once, stores it sealed, and never lists it", async () => {
    const res = await createEndpoint({ url: `${receiver.url}/once`, description: "Billing sync", eventTypes: ["member.added"] });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toMatchObject({ url: `${receiver.url}/once`, description: "Billing sync", eventTypes: ["member.added"], enabled: true, disabledAt: null, disabledReason: null });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const stored = (await service.db.query("select secret_ciphertext from webhook_endpoints where id = $1", [res.body.id])).rows[0].secret_ciphertext;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(res.body.secret.slice(6));
    const list = await api(service, "/api/webhooks", { cookie: owner.cookie });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(res.body.secret.slice(6));
    expect(list.body.endpoints.find((e: { id: string }) => e.id === res.body.id)).not.toHaveProperty("secret");
    const one = await api(service, `/api/webhooks/${res.body.id}`, { cookie: owner.cookie });
    expect(one.body).toEqual(list.body.endpoints.find((e: { id: string }) => e.id === res.body.id));
    await api(service, `/api/webhooks/${res.body.id}`, { method: "DELETE", cookie: owner.cookie });
  });

  it("rotates the secret: during the overlap receivers with either secret verify, after it only the new one (issue 27)", async () => {
    const created = await createEndpoint({ url: `${receiver.url}/rotating`, eventTypes: ["deployment.created"] });
    const old = created.body.secret as string;
    const rotate = (json: unknown) => api(service, `/api/webhooks/${created.body.id}/rotate-secret`, { method: "POST", cookie: owner.cookie, json, headers: { origin: service.url } });

    const rotated = await rotate({ overlapSeconds: 3600 });
    expect([rotated.status, rotated.headers.get("cache-control")]).toEqual([200, "no-store"]);
    const fresh = rotated.body.secret as string;
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(fresh).not.toBe(old);
    expect(Date.parse(rotated.body.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(3500_000);
    const audited = await service.db.query("select changes from audit_log where action = 'webhook.secret_rotated' and target_id = $1", [created.body.id]);
    expect(audited.rows).toEqual([{ changes: { url: `${receiver.url}/rotating`, overlapSeconds: 3600 } }]);

    await deploy();
    const [during] = await receiver.waitFor("/rotating", 1);
    expect(String(during!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verify(old, during!)).toMatchObject({ type: "deployment.created" });
    expect(verify(fresh, during!)).toMatchObject({ type: "deployment.created" });

    // The overlap ends (as if an hour passed): only the new secret signs.
    await service.db.query("update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = $1", [created.body.id]);
    await deploy();
    const [, after] = await receiver.waitFor("/rotating", 2);
    expect(String(after!.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verify(fresh, after!)).toMatchObject({ type: "deployment.created" });
    expect(() => verify(old, after!)).toThrow();

    // overlapSeconds 0 stops the old secret at once; a bad overlap is refused and changes nothing.
    const immediate = await rotate({ overlapSeconds: 0 });
    expect([immediate.status, immediate.body.previousSecretExpiresAt]).toEqual([200, null]);
    const stored = async () => (await service.db.query("select secret_ciphertext from webhook_endpoints where id = $1", [created.body.id])).rows[0].secret_ciphertext;
    const before = await stored();
    for (const overlapSeconds of [-1, 1.5, 604_801, "3600"]) {
      const bad = await rotate({ overlapSeconds });
      expect([bad.status, bad.body]).toEqual([400, { message: "overlapSeconds must be a whole number from 0 to 604800" }]);
    }
    expect(await stored()).toBe(before);
    await api(service, `/api/webhooks/${created.body.id}`, { method: "DELETE", cookie: owner.cookie });
  });

  it("retries a receiver that answers 500, 500, then 200: same webhook-id, a new timestamp each time, every signature valid", async () => {
    receiver.script("/flaky", [500, 500, 200]);
    const endpoint = await createEndpoint({ url: `${receiver.url}/flaky`, eventTypes: ["deployment.created"] });
    expect(endpoint.status, endpoint.text).toBe(201);
    const deployment = await deploy();

    const hooks = await receiver.waitFor("/flaky", 3);
    expect(hooks).toHaveLength(3);
    const ids = new Set(hooks.map((hook) => hook.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    const timestamps = hooks.map((hook) => Number(hook.headers["webhook-timestamp"]));
    expect(new Set(timestamps).size).toBe(3);
    expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));
    for (const hook of hooks) {
      expect(hook.headers["content-type"]).toBe("application/json");
      expect(hook.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(verify(endpoint.body.secret, hook)).toEqual(JSON.parse(hooks[0]!.body));
    }
    expect(new Set(hooks.map((hook) => hook.body)).size).toBe(1);
    const payload = JSON.parse(hooks[0]!.body);
    expect(payload).toEqual({
      type: "deployment.created",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { deploymentId: deployment.id, name: deployment.name, appId: deployment.appId, upstreamUrl: "http://127.0.0.1:9", access: "members" },
    });
    // A signature made with another secret is refused by the same library.
    expect(() => verify(`whsec_${Buffer.alloc(32, 7).toString("base64")}`, hooks[0]!)).toThrow();

    // The log: one delivery, three attempts, the receiver's answers in it.
    const delivered = await waitForDelivery(endpoint.body.id, "delivered");
    expect(delivered).toMatchObject({ eventId: hooks[0]!.headers["webhook-id"], eventType: "deployment.created", status: "delivered", nextAttemptAt: null });
    expect(delivered.attempts.map((a: { status: number }) => a.status)).toEqual([500, 500, 200]);
    expect(delivered.attempts.map((a: { responseExcerpt: string }) => a.responseExcerpt)).toEqual(["answer 500 to attempt 1", "answer 500 to attempt 2", "ok"]);
    for (const attempt of delivered.attempts) expect(attempt.latencyMs).toBeGreaterThanOrEqual(0);

    // The deployed tool's event feed carries the same event under the same id.
    const { apiKey } = await appWithKey(service, owner, "Feed reader");
    const feed = await api(service, "/api/deployments/me/events", { headers: { authorization: `Bearer ${apiKey}` } });
    expect(feed.status).toBe(200);
    // deployment.created belongs to the deployment's app, so this other app sees only workspace events.
    expect(feed.body.events.map((e: { id: string }) => e.id)).not.toContain(hooks[0]!.headers["webhook-id"]);
    const key = await api(service, "/api/keys", { method: "POST", cookie: owner.cookie, json: { appId: deployment.appId } });
    const own = await api(service, "/api/deployments/me/events", { headers: { authorization: `Bearer ${key.body.apiKey}` } });
    const event = own.body.events.find((e: { id: string }) => e.id === hooks[0]!.headers["webhook-id"]);
    expect(event).toEqual({ id: hooks[0]!.headers["webhook-id"], type: "deployment.created", createdAt: payload.timestamp, data: payload.data });

    // Resend: the same event again, same id, new attempt in the log.
    const resent = await api(service, `/api/webhooks/${endpoint.body.id}/deliveries/${delivered.id}/resend`, { method: "POST", cookie: owner.cookie });
    expect(resent.status, resent.text).toBe(202);
    const again = await receiver.waitFor("/flaky", 4);
    expect(again[3]!.headers["webhook-id"]).toBe(hooks[0]!.headers["webhook-id"]);
    expect(verify(endpoint.body.secret, again[3]!)).toEqual(payload);
  });

  it("sends only the events an endpoint subscribes to (an empty filter: all of them)", async () => {
    const members = await createEndpoint({ url: `${receiver.url}/members-only`, eventTypes: ["member.added", "member.removed"] });
    const everything = await createEndpoint({ url: `${receiver.url}/everything` });
    expect([members.status, everything.status]).toEqual([201, 201]);
    expect(everything.body.eventTypes).toEqual([]);

    await deploy();
    const [created] = await receiver.waitFor("/everything", 1);
    expect(JSON.parse(created!.body).type).toBe("deployment.created");
    // Nothing was queued for the members-only endpoint: its outbox holds no row.
    expect((await service.db.query("select count(*)::int as n from webhook_deliveries where endpoint_id = $1", [members.body.id])).rows[0].n).toBe(0);

    const person = await invitedPerson(service, owner, "member");
    const [added] = await receiver.waitFor("/members-only", 1);
    expect(JSON.parse(added!.body)).toMatchObject({ type: "member.added", data: { userId: person.userId, email: person.email, role: "member" } });
    const removed = await api(service, `/api/tenants/me/members/${person.userId}`, { method: "DELETE", cookie: owner.cookie });
    expect(removed.status, removed.text).toBe(204);
    const hooks = await receiver.waitFor("/members-only", 2);
    expect(JSON.parse(hooks[1]!.body)).toMatchObject({ type: "member.removed", data: { userId: person.userId, email: person.email, role: "member" } });
    expect(receiver.received.filter((h) => h.path === "/members-only").map((h) => JSON.parse(h.body).type)).toEqual(["member.added", "member.removed"]);
    for (const id of [members.body.id, everything.body.id]) await api(service, `/api/webhooks/${id}`, { method: "DELETE", cookie: owner.cookie });
  });

  it("disables an endpoint that answers 410 Gone, with a notice, and queues nothing more for it", async () => {
    receiver.script("/gone", [410]);
    const endpoint = await createEndpoint({ url: `${receiver.url}/gone`, eventTypes: ["deployment.created"] });
    await deploy();
    await receiver.waitFor("/gone", 1);
    const deadline = Date.now() + 30_000;
    let view = (await api(service, `/api/webhooks/${endpoint.body.id}`, { cookie: owner.cookie })).body;
    while (view.enabled && Date.now() < deadline) {
      await receiver.waitFor("/never", 1, 200).catch(() => undefined);
      view = (await api(service, `/api/webhooks/${endpoint.body.id}`, { cookie: owner.cookie })).body;
    }
    expect(view).toMatchObject({ enabled: false, disabledReason: "Disabled: the endpoint answered 410 Gone" });
    expect(view.disabledAt).not.toBeNull();
    const log = await api(service, `/api/webhooks/${endpoint.body.id}/deliveries`, { cookie: owner.cookie });
    expect(log.body.deliveries[0].attempts.map((a: { status: number }) => a.status)).toEqual([410]);

    await deploy();
    expect((await service.db.query("select count(*)::int as n from webhook_deliveries where endpoint_id = $1", [endpoint.body.id])).rows[0].n).toBe(1);
    expect(receiver.received.filter((h) => h.path === "/gone")).toHaveLength(1);
    const resend = await api(service, `/api/webhooks/${endpoint.body.id}/deliveries/${log.body.deliveries[0].id}/resend`, { method: "POST", cookie: owner.cookie });
    expect([resend.status, resend.body]).toEqual([409, { message: "This endpoint is disabled; enable it before resending" }]);

    // Enabled again by the owner: its failures are forgotten.
    const enabled = await api(service, `/api/webhooks/${endpoint.body.id}`, { method: "PATCH", cookie: owner.cookie, json: { enabled: true } });
    expect(enabled.body).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null });
  });

  it("disables an endpoint whose deliveries have failed for 5 days at its next failure", async () => {
    receiver.script("/down", [503]);
    const endpoint = await createEndpoint({ url: `${receiver.url}/down`, eventTypes: ["deployment.created"] });
    // Its failures began 5 days and a minute ago (the stored start of the streak stands in for a clock).
    await service.db.query("update webhook_endpoints set failing_since = now() - interval '5 days 1 minute' where id = $1", [endpoint.body.id]);
    await deploy();
    await receiver.waitFor("/down", 1);
    const deadline = Date.now() + 30_000;
    let view = (await api(service, `/api/webhooks/${endpoint.body.id}`, { cookie: owner.cookie })).body;
    while (view.enabled && Date.now() < deadline) {
      await receiver.waitFor("/never", 1, 200).catch(() => undefined);
      view = (await api(service, `/api/webhooks/${endpoint.body.id}`, { cookie: owner.cookie })).body;
    }
    expect(view).toMatchObject({ enabled: false, disabledReason: "Disabled: every delivery failed for 5 days" });
    // A streak younger than 5 days only starts the count: another endpoint failing now stays enabled.
    const fresh = await createEndpoint({ url: `${receiver.url}/down`, eventTypes: ["deployment.created"] });
    await deploy();
    await receiver.waitFor("/down", 2);
    const streak = async () => (await service.db.query("select failing_since is not null as failing, disabled_at from webhook_endpoints where id = $1", [fresh.body.id])).rows[0];
    const deadline2 = Date.now() + 30_000;
    let row = await streak();
    while (!row.failing && Date.now() < deadline2) {
      await receiver.waitFor("/never", 1, 200).catch(() => undefined);
      row = await streak();
    }
    expect(row).toEqual({ failing: true, disabled_at: null });
    for (const id of [endpoint.body.id, fresh.body.id]) await api(service, `/api/webhooks/${id}`, { method: "DELETE", cookie: owner.cookie });
  });

  it("checks the address again when it connects: a URL that now points at a refused address is a failed attempt that says why", async () => {
    const endpoint = await createEndpoint({ url: `${receiver.url}/rebound`, eventTypes: ["deployment.created"] });
    // As if its name now resolved elsewhere (DNS rebinding): the stored URL names the metadata address.
    await service.db.query("update webhook_endpoints set url = 'http://169.254.169.254/latest' where id = $1", [endpoint.body.id]);
    await deploy();
    const deadline = Date.now() + 30_000;
    let log = (await api(service, `/api/webhooks/${endpoint.body.id}/deliveries`, { cookie: owner.cookie })).body;
    while ((log.deliveries[0]?.attempts.length ?? 0) === 0 && Date.now() < deadline) {
      await receiver.waitFor("/never", 1, 200).catch(() => undefined);
      log = (await api(service, `/api/webhooks/${endpoint.body.id}/deliveries`, { cookie: owner.cookie })).body;
    }
    expect(log.deliveries[0].attempts[0]).toMatchObject({ status: null, responseExcerpt: "", error: "Endpoint URL not allowed: 169.254.169.254 is a link-local address" });
    await api(service, `/api/webhooks/${endpoint.body.id}`, { method: "DELETE", cookie: owner.cookie });
  });

  it("does not let a receiver that never answers hold back another endpoint's deliveries", async () => {
    receiver.script("/stuck", ["hold", 200]);
    const stuck = await createEndpoint({ url: `${receiver.url}/stuck`, eventTypes: ["deployment.created"] });
    const healthy = await createEndpoint({ url: `${receiver.url}/healthy`, eventTypes: ["deployment.created"] });
    await deploy();
    await Promise.all([receiver.waitFor("/stuck", 1), receiver.waitFor("/healthy", 1)]);
    // While the first attempt to /stuck is still open (it has no recorded attempt yet), the
    // next change reaches /healthy and is recorded as delivered.
    await deploy();
    await receiver.waitFor("/healthy", 2);
    const healthyLog = async () => (await api(service, `/api/webhooks/${healthy.body.id}/deliveries`, { cookie: owner.cookie })).body.deliveries;
    const deadline = Date.now() + 10_000;
    while ((await healthyLog()).some((d: { status: string }) => d.status !== "delivered") && Date.now() < deadline) await receiver.waitFor("/never", 1, 100).catch(() => undefined);
    expect((await healthyLog()).map((d: { status: string }) => d.status)).toEqual(["delivered", "delivered"]);
    const stuckLog = (await api(service, `/api/webhooks/${stuck.body.id}/deliveries`, { cookie: owner.cookie })).body.deliveries;
    expect(stuckLog.find((d: { attempts: unknown[] }) => d.attempts.length === 0)).toBeDefined();
    receiver.releaseHeld();
    for (const id of [stuck.body.id, healthy.body.id]) await api(service, `/api/webhooks/${id}`, { method: "DELETE", cookie: owner.cookie });
  });

  it("refuses endpoint URLs the outbound guard refuses, with a 400 that says why, and writes nothing", async () => {
    const before = await endpointCount();
    const cases: Array<[string, string]> = [
      ["http://169.254.169.254/latest/meta-data", "Endpoint URL not allowed: 169.254.169.254 is a link-local address"],
      ["http://[::ffff:169.254.169.254]/", "Endpoint URL not allowed: ::ffff:a9fe:a9fe is a link-local address"],
      ["http://[fe80::1]/hook", "Endpoint URL not allowed: fe80::1 is a link-local address"],
      ["http://0.0.0.0/hook", "Endpoint URL not allowed: 0.0.0.0 is an unspecified address"],
      ["http://224.0.0.1/hook", "Endpoint URL not allowed: 224.0.0.1 is a multicast address"],
      ["http://nothing.invalid/hook", "Endpoint URL not allowed: nothing.invalid does not resolve"],
      ["file:///etc/passwd", "Endpoint URL must be an http or https URL of at most 2000 characters"],
      ["javascript:alert(1)", "Endpoint URL must be an http or https URL of at most 2000 characters"],
      ["not a url", "Endpoint URL must be an http or https URL of at most 2000 characters"],
      [`https://example.com/${"a".repeat(2000)}`, "Endpoint URL must be an http or https URL of at most 2000 characters"],
      ["https://user:pass@example.com/hook", "Endpoint URL must not carry a user name or password"],
    ];
    for (const [url, message] of cases) {
      const res = await createEndpoint({ url });
      expect([url, res.status, res.body]).toEqual([url, 400, { message }]);
    }
    // A change of URL is judged the same way.
    const endpoint = await createEndpoint({ url: `${receiver.url}/moving` });
    const moved = await api(service, `/api/webhooks/${endpoint.body.id}`, { method: "PATCH", cookie: owner.cookie, json: { url: "http://169.254.169.254/" } });
    expect([moved.status, moved.body]).toEqual([400, { message: "Endpoint URL not allowed: 169.254.169.254 is a link-local address" }]);
    expect((await api(service, `/api/webhooks/${endpoint.body.id}`, { cookie: owner.cookie })).body.url).toBe(`${receiver.url}/moving`);
    await api(service, `/api/webhooks/${endpoint.body.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(await endpointCount()).toBe(before);
  });

  it("refuses hostile descriptions and URLs with a 400 in the spec's shape, and keeps odd but valid text exactly", async () => {
    const before = await endpointCount();
    for (const [name, value] of Object.entries(HOSTILE)) {
      if (name === "1 MB") continue;
      const described = await createEndpoint({ url: `${receiver.url}/hostile`, description: value });
      expect([name, described.status, described.body]).toEqual([name, 400, { message: "Description must be 500 characters or less, without control characters" }]);
      const located = await createEndpoint({ url: `${receiver.url}/${value}` });
      expect([name, located.status]).toEqual([name, 400]);
      expect(typeof located.body.message).toBe("string");
    }
    const huge = await createEndpoint({ url: `${receiver.url}/hostile`, description: HOSTILE["1 MB"] });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(huge.body).toHaveProperty("message");
    const events = await createEndpoint({ url: `${receiver.url}/hostile`, eventTypes: ["member.added\u0000"] });
    expect(events.status).toBe(400);
    const notAList = await createEndpoint({ url: `${receiver.url}/hostile`, eventTypes: "member.added" });
    expect(notAList.status).toBe(400);
    expect(await endpointCount()).toBe(before);

    const odd = `<script>alert("x")</script> 'quotes' 💥 مرحبا`;
    const kept = await createEndpoint({ url: `${receiver.url}/odd?q=%3Cscript%3E&x='1'`, description: odd });
    expect(kept.status, kept.text).toBe(201);
    const read = await api(service, `/api/webhooks/${kept.body.id}`, { cookie: owner.cookie });
    expect(read.body).toMatchObject({ description: odd, url: `${receiver.url}/odd?q=%3Cscript%3E&x='1'` });
    await api(service, `/api/webhooks/${kept.body.id}`, { method: "DELETE", cookie: owner.cookie });
  });

  it("serves the dashboard's /webhooks page to the owner, with an endpoint's delivery log, and sends others to the overview", async () => {
    const endpoint = await createEndpoint({ url: `${receiver.url}/page`, description: "Page <b>check</b>" });
    await deploy();
    await receiver.waitFor("/page", 1);
    await waitForDelivery(endpoint.body.id, "delivered");
    const page = await fetch(`${service.url}/webhooks?endpoint=${endpoint.body.id}`, { headers: { cookie: owner.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`${receiver.url}/page`);
    expect(html).toContain("Page &lt;b&gt;check&lt;/b&gt;");
    expect(html).toContain("Delivery log");
    expect(html).toContain("<td>HTTP 200</td>");
    expect(html).not.toContain("whsec_");
    const member = await invitedPerson(service, owner, "member");
    const refused = await fetch(`${service.url}/webhooks`, { headers: { cookie: member.cookie }, redirect: "manual" });
    expect([refused.status, refused.headers.get("location")]).toEqual([302, "/dashboard?notice=owner-only"]);
    await api(service, `/api/webhooks/${endpoint.body.id}`, { method: "DELETE", cookie: owner.cookie });
  });

  it("lets only the owner manage endpoints: members and viewers get 403, other workspaces 404", async () => {
    const endpoint = await createEndpoint({ url: `${receiver.url}/private` });
    for (const role of ["member", "viewer"] as const) {
      const person = await invitedPerson(service, owner, role);
      const tries = [
        await api(service, "/api/webhooks", { cookie: person.cookie }),
        await createEndpoint({ url: `${receiver.url}/mine` }, person),
        await api(service, `/api/webhooks/${endpoint.body.id}/deliveries`, { cookie: person.cookie }),
        await api(service, `/api/webhooks/${endpoint.body.id}`, { method: "DELETE", cookie: person.cookie }),
      ];
      for (const res of tries) expect([role, res.status, res.body]).toEqual([role, 403, { message: "Only the workspace owner can manage webhooks" }]);
    }
    const stranger = await signedInOwner(service, { slugPrefix: "other" });
    const foreign = await api(service, `/api/webhooks/${endpoint.body.id}`, { method: "DELETE", cookie: stranger.user.cookie });
    expect([foreign.status, foreign.body]).toEqual([404, { message: "Webhook endpoint not found" }]);
    const anonymous = await api(service, "/api/webhooks");
    expect([anonymous.status, anonymous.body]).toEqual([401, { message: "Unauthorized" }]);
    const deleted = await api(service, `/api/webhooks/${endpoint.body.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(deleted.status).toBe(204);
    expect((await service.db.query("select count(*)::int as n from webhook_endpoints where id = $1", [endpoint.body.id])).rows[0].n).toBe(0);
  });
});
