import { describe, expect, it } from "vitest";
import { api } from "../support/http";
import { ownerWithApp } from "../support/actors";
import { suiteService } from "../support/service";
import { brokerEnv, providerEnv, suiteFakeBroker, suiteFakeOAuthProvider } from "../support/suite-fakes";
import { suiteSetUp } from "../support/suite-resource";
import { catalogFile } from "../support/oauth";
import { connectBroker, connectFirstParty } from "../support/connect-flows";
import { trpc } from "../support/trpc";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { Webhook } from "standardwebhooks";

/**
 * Issue 19 item 1: the connection health job, run every 0.3 s here (the interval and the
 * retry waits are configuration, so the schedule runs in seconds), against the real fake
 * provider and broker, and what a deployed tool then sees (its connections' states, the
 * provider proxy's 409), then reconnecting in place (item 2) and several accounts of one
 * provider (item 3).
 */
describe("connection health", () => {
  const provider = suiteFakeOAuthProvider();
  const broker = suiteFakeBroker();
  const service = suiteService(() => ({
    label: "conn_health",
    env: {
      INTEGRATIONS_FILE: catalogFile([{ ...provider.catalogRow("supabase") }, broker.catalogRow("github")]),
      ...providerEnv(provider),
      ...brokerEnv(broker),
      CONNECTION_HEALTH_INTERVAL_SECONDS: "0.3",
      CONNECTION_HEALTH_RETRY_SECONDS: "0.05,0.05",
    },
  }));
  const health = suiteSetUp(() => ownerWithApp(service, { slugPrefix: "health", appName: "Watcher" }));
  /** The first test's connection, left in needs_reauth and reconnected. */
  let firstId: string;

  const bearer = () => ({ authorization: `Bearer ${health.apiKey}` });
  const rowOf = async (id: string) => (await service.db.query("select status, status_reason, status_changed_at, last_refreshed_at from connections where id = $1", [id])).rows[0];

  async function waitForRow(id: string, done: (row: any) => boolean, what: string): Promise<any> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const row = await rowOf(id);
      if (done(row)) return row;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the row: ${JSON.stringify(row)}\n${service.output().slice(-1500)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** As if the token set had not been refreshed for a day: the next round refreshes it. */
  async function idleForADay(id: string): Promise<Date> {
    const [{ now }] = (await service.db.query("select now() as now")).rows;
    await service.db.query("update connections set last_refreshed_at = now() - interval '25 hours' where id = $1", [id]);
    return now;
  }

  const eventsOf = async (id: string) =>
    (await service.db.query("select type, data from app_events where tenant_id = $1 and data->>'connectionId' = $2 order by id", [health.tenantId, id])).rows;

  const connectionCount = async () => (await service.db.query("select count(*)::int as n from connections where tenant_id = $1", [health.tenantId])).rows[0].n as number;
  const integrationEnv = async () =>
    (await trpc(service, health.user, "apps.env", { appId: health.appId }, "query")).data.filter((row: any) => row.kind === "integration").map((row: any) => [row.key, row.value]);

  it("a refresh the provider refuses (invalid_grant) moves the connection to needs_reauth and is announced by webhook; the proxy then answers 409 without calling the provider; a reconnect keeps the id, the bindings and the variables, and the proxy works again", { timeout: 60_000 }, async () => {
    const receiver = await startWebhookReceiver();
    const endpoint = await api(service, "/api/webhooks", { method: "POST", cookie: health.user.cookie, json: { url: `${receiver.url}/health`, eventTypes: ["connection.needs_reauth", "connection.reconnected"] } });
    expect(endpoint.status, endpoint.text).toBe(201);
    const signed = (hook: { headers: Record<string, unknown>; body: string }) =>
      new Webhook(endpoint.body.secret).verify(hook.body, {
        "webhook-id": String(hook.headers["webhook-id"]),
        "webhook-timestamp": String(hook.headers["webhook-timestamp"]),
        "webhook-signature": String(hook.headers["webhook-signature"]),
      }) as { type: string; data: Record<string, unknown> };
    const { message } = await connectFirstParty(service, health.user, "supabase", `embed=1&app_key=${health.apiKey}`);
    expect(message.type).toBe("svc:oauth:done");
    const id = message.connection_id;
    firstId = id;
    const envBefore = await integrationEnv();
    expect(envBefore).toEqual([
      ["SUPABASE_CONNECTION_ID", message.external_id],
      ["SUPABASE_PROJECT_REF", "proj_one"],
    ]);
    const listed = await api(service, "/api/deployments/me/connections", { headers: bearer() });
    expect(listed.body.connections).toEqual([expect.objectContaining({ connectionId: id, status: "active", statusReason: null, statusChangedAt: expect.any(String) })]);

    provider.refreshError = "invalid_grant";
    const attempts = provider.refreshAttempts;
    await idleForADay(id);
    const row = await waitForRow(id, (r) => r.status === "needs_reauth", "needs_reauth");
    expect(row.status_reason).toBe("The provider refused the refresh (invalid_grant: the grant was revoked)");
    // A refusal is not retried.
    expect(provider.refreshAttempts - attempts).toBe(1);
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(["connection.created", "connection.bound", "connection.needs_reauth"]);
    const [announced] = await receiver.waitFor("/health", 1);
    expect(signed(announced!)).toMatchObject({ type: "connection.needs_reauth", data: { connectionId: id } });

    const seen = await api(service, "/api/deployments/me/connections", { headers: bearer() });
    expect(seen.body.connections).toEqual([
      expect.objectContaining({ connectionId: id, status: "needs_reauth", statusReason: row.status_reason, statusChangedAt: new Date(row.status_changed_at).toISOString() }),
    ]);

    const calls = provider.requests.length;
    const refused = await api(service, "/api/proxy/supabase/v1/items", { headers: bearer() });
    expect([refused.status, refused.body]).toEqual([409, { error: "connection_needs_reauth", connection_id: id }]);
    const posted = await api(service, "/api/proxy/supabase/v1/items", { method: "POST", headers: bearer(), json: { a: 1 } });
    expect([posted.status, posted.body]).toEqual([409, { error: "connection_needs_reauth", connection_id: id }]);
    expect(provider.requests.length).toBe(calls);
    expect(provider.refreshAttempts - attempts).toBe(1);

    // Reconnect in place: the same popup flow with reconnect=<id>.
    provider.refreshError = null;
    const count = await connectionCount();
    const again = await connectFirstParty(service, health.user, "supabase", `reconnect=${id}`);
    expect(again.callback.status).toBe(200);
    expect(again.message).toEqual({
      type: "svc:oauth:done",
      provider: "supabase",
      connection_id: id,
      external_id: message.external_id,
      display_name: "Acme Org",
      return_url: null,
      state: null,
      reconnected: true,
    });
    expect(await connectionCount()).toBe(count);
    const back = await rowOf(id);
    expect([back.status, back.status_reason]).toEqual(["active", null]);
    expect((await service.db.query("select app_id from app_connection_bindings where connection_id = $1", [id])).rows).toEqual([{ app_id: health.appId }]);
    expect(await integrationEnv()).toEqual(envBefore);
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(["connection.created", "connection.bound", "connection.needs_reauth", "connection.reconnected"]);
    const hooks = await receiver.waitFor("/health", 2);
    expect(hooks.map((hook) => signed(hook).type)).toEqual(["connection.needs_reauth", "connection.reconnected"]);
    await api(service, `/api/webhooks/${endpoint.body.id}`, { method: "DELETE", cookie: health.user.cookie });
    await receiver.close();
    const works = await api(service, "/api/proxy/supabase/v1/items", { headers: bearer() });
    expect(works.status).toBe(200);
    expect(works.body).toEqual({ method: "GET", url: "/v1/items", body: "" });
    expect(provider.requests.at(-1)!.headers.authorization).toBe(`Bearer ${provider.accessToken}`);
  });

  it("a reconnect that signs in to another account of the provider is refused with a clear message, and switches only when the person confirms", { timeout: 60_000 }, async () => {
    const stored = (await service.db.query("select encrypted_credential, account_id from connections where id = $1", [firstId])).rows[0];
    expect(stored.account_id).toBe("org_1");
    provider.organizationId = "org_other";
    provider.organizationName = "Other Org";
    const refused = await connectFirstParty(service, health.user, "supabase", `reconnect=${firstId}&state=s1`);
    expect(refused.callback.status).toBe(409);
    expect(refused.message).toEqual({
      type: "svc:oauth:error",
      code: "reconnect_account_mismatch",
      detail: "You signed in to Supabase as Other Org, but this connection is Acme Org. Sign in with that account, or confirm switching this connection to the other account.",
      state: "s1",
    });
    expect((await service.db.query("select encrypted_credential, account_id from connections where id = $1", [firstId])).rows[0]).toEqual(stored);

    const switched = await connectFirstParty(service, health.user, "supabase", `reconnect=${firstId}&switch_account=1`);
    expect(switched.message).toMatchObject({ type: "svc:oauth:done", connection_id: firstId, display_name: "Other Org", reconnected: true });
    expect((await service.db.query("select account_id from connections where id = $1", [firstId])).rows[0].account_id).toBe("org_other");

    // What reconnect may name: a connection of this workspace for this provider.
    for (const bad of ["not-a-uuid", "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6"]) {
      const res = await api(service, `/api/oauth/supabase/authorize?reconnect=${bad}`, { cookie: health.user.cookie });
      expect([res.status, res.body]).toEqual([404, { error: "connection_not_found" }]);
    }
    provider.organizationName = "Acme Org";
  });

  it("two accounts of one provider are two connections, each with its own name; the same account connected again updates its connection", { timeout: 60_000 }, async () => {
    const count = await connectionCount();
    provider.organizationId = "org_team_a";
    provider.organizationName = "Team A";
    const a = await connectFirstParty(service, health.user);
    provider.organizationId = "org_team_b";
    provider.organizationName = "Team B";
    const b = await connectFirstParty(service, health.user);
    expect([a.message.display_name, b.message.display_name]).toEqual(["Team A", "Team B"]);
    expect(a.message.connection_id).not.toBe(b.message.connection_id);
    expect(a.message).not.toHaveProperty("reconnected");
    expect(await connectionCount()).toBe(count + 2);

    provider.organizationId = "org_team_a";
    provider.organizationName = "Team A (renamed upstream)";
    const aAgain = await connectFirstParty(service, health.user);
    expect(aAgain.message).toMatchObject({ type: "svc:oauth:done", connection_id: a.message.connection_id, external_id: a.message.external_id, display_name: "Team A", reconnected: true });
    expect(await connectionCount()).toBe(count + 2);
    provider.organizationName = "Acme Org";

    // Each its own name: renamed, and the name survives the account being connected again.
    const renamed = await api(service, `/api/connections/${b.message.connection_id}`, { method: "PATCH", cookie: health.user.cookie, json: { displayName: "  Team B (billing)  " } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      id: b.message.connection_id,
      provider: "supabase",
      externalId: b.message.external_id,
      displayName: "Team B (billing)",
      profile: "first_party",
      status: "active",
      statusReason: null,
      statusChangedAt: expect.any(String),
      createdAt: expect.any(String),
    });
    provider.organizationId = "org_team_b";
    const bAgain = await connectFirstParty(service, health.user);
    expect(bAgain.message).toMatchObject({ connection_id: b.message.connection_id, display_name: "Team B (billing)", reconnected: true });
    const tooLong = await api(service, `/api/connections/${b.message.connection_id}`, { method: "PATCH", cookie: health.user.cookie, json: { displayName: "x".repeat(101) } });
    expect([tooLong.status, tooLong.body]).toEqual([400, { message: "Display name must be 1-100 characters" }]);
  });

  it("a failure for now (503) is retried and the connection stays active; when the retries are spent it moves to error, and back to active once a refresh works", { timeout: 60_000 }, async () => {
    provider.organizationId = "org_transient";
    const { message } = await connectFirstParty(service, health.user);
    const id = message.connection_id;

    provider.failRefreshes(2, 503);
    let attempts = provider.refreshAttempts;
    let since = await idleForADay(id);
    let row = await waitForRow(id, (r) => r.last_refreshed_at !== null && r.last_refreshed_at >= since, "a refresh");
    expect(row.status).toBe("active");
    expect(provider.refreshAttempts - attempts).toBe(3);

    provider.failRefreshes(1_000, 502);
    attempts = provider.refreshAttempts;
    await idleForADay(id);
    row = await waitForRow(id, (r) => r.status === "error", "error");
    expect(row.status_reason).toBe("The refresh failed (unexpected HTTP response status code); 3 tries failed");
    expect(provider.refreshAttempts - attempts).toBeGreaterThanOrEqual(3);
    // An error is shown, not announced to tools.
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(["connection.created"]);

    provider.failRefreshes(0, 502);
    since = await idleForADay(id);
    row = await waitForRow(id, (r) => r.status === "active", "active again");
    expect(row.status_reason).toBe(null);
  });

  it("a broker connection follows the broker's account status: EXPIRED needs reauth (409 without calling the broker), ACTIVE again is active, FAILED an error, gone is revoked", { timeout: 60_000 }, async () => {
    const { message } = await connectBroker(service, health.user, "github", `embed=1&app_key=${health.apiKey}`);
    expect(message.type).toBe("svc:oauth:done");
    const id = message.connection_id;
    const accountId = (await service.db.query("select metadata->>'broker_account_id' as account from connections where id = $1", [id])).rows[0].account;
    const account = broker.accounts.get(accountId)!;

    account.status = "EXPIRED";
    let row = await waitForRow(id, (r) => r.status === "needs_reauth", "needs_reauth");
    expect(row.status_reason).toBe("The broker says the account's authorisation expired");
    const proxied = broker.proxyRequests.length;
    const refused = await api(service, "/api/proxy/github/user", { headers: bearer() });
    expect([refused.status, refused.body]).toEqual([409, { error: "connection_needs_reauth", connection_id: id }]);
    expect(broker.proxyRequests.length).toBe(proxied);

    account.status = "ACTIVE";
    row = await waitForRow(id, (r) => r.status === "active", "active again");
    expect(row.status_reason).toBe(null);
    const works = await api(service, "/api/proxy/github/user", { headers: bearer() });
    expect(works.status).toBe(200);

    account.status = "FAILED";
    row = await waitForRow(id, (r) => r.status === "error", "error");
    expect(row.status_reason).toBe("The broker says the account failed");

    broker.accounts.delete(accountId);
    row = await waitForRow(id, (r) => r.status === "revoked", "revoked");
    expect(row.status_reason).toBe("The broker no longer has this account");
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(["connection.created", "connection.bound", "connection.needs_reauth", "connection.revoked"]);

    // Reconnected in place through the embed path: no connect wizard (the connection is named),
    // a new account at the broker, the same connection.
    const embedQuery = `embed=1&app_key=${health.apiKey}&reconnect=${id}`;
    const start = await api(service, `/api/oauth/broker/github/start?${embedQuery}`, { cookie: health.user.cookie });
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toMatch(new RegExp(`^${broker.url}/link/`));
    const again = await connectBroker(service, health.user, "github", embedQuery);
    expect(again.message).toMatchObject({ type: "svc:oauth:done", provider: "github", connection_id: id, external_id: message.external_id, reconnected: true });
    const newAccount = (await service.db.query("select metadata->>'broker_account_id' as account from connections where id = $1", [id])).rows[0].account;
    expect(newAccount).not.toBe(accountId);
    expect(broker.accounts.get(newAccount)?.status).toBe("ACTIVE");
    row = await rowOf(id);
    expect([row.status, row.status_reason]).toEqual(["active", null]);
    const reconnected = await api(service, "/api/proxy/github/user", { headers: bearer() });
    expect(reconnected.status).toBe(200);
    expect(broker.proxyRequests.at(-1)!.body.connected_account_id).toBe(newAccount);
  });
});
