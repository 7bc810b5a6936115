import { describe, expect, it } from "vitest";
import { api, createTenant, signUp, uniqueSlug } from "../support/http";
import { ownerWithApp } from "../support/actors";
import { suiteService } from "../support/service";
import { brokerEnv, providerEnv, suiteFakeBroker, suiteFakeOAuthProvider } from "../support/suite-fakes";
import { suiteSetUp } from "../support/suite-resource";
import { trpc } from "../support/trpc";
import { catalogFile, CookieJar, hop, popupMessage } from "../support/oauth";

/** Issue 7 section 4 and SPEC 4.1's broker tables, over plain HTTP against the Composio-v3 fake. */
describe("broker OAuth flow", () => {
  const broker = suiteFakeBroker();
  const provider = suiteFakeOAuthProvider();
  const service = suiteService(() => ({
    label: "oauth_broker",
    env: {
      INTEGRATIONS_FILE: catalogFile([
        broker.catalogRow("github"),
        broker.catalogRow("slack"),
        { slug: "notion", name: "Notion", description: "", logo: "", oauth_client_config: { broker: {} } },
        provider.catalogRow("supabase"),
      ]),
      ...brokerEnv(broker),
      // A broker that never answers is given up after 2 s here, not 10 (tests/unit/outbound-timeouts.test.ts keeps the default).
      BROKER_TIMEOUT_SECONDS: "2",
      ...providerEnv(provider),
    },
  }));
  const br = suiteSetUp(() => ownerWithApp(service, { slugPrefix: "br", name: "Broker Co", appName: "Tool" }));

  const count = async (table: string, where = "tenant_id = $1", params: unknown[] = [br.tenantId]) =>
    (await service.db.query(`select count(*)::int as n from ${table} where ${where}`, params)).rows[0].n as number;
  const startUrl = (slug: string, query = "") => `${service.url}/api/oauth/broker/${slug}/start${query ? `?${query}` : ""}`;

  /** start → broker's hosted consent → our callback URL (not yet opened). */
  async function startFlow(slug = "github", query = "") {
    const jar = new CookieJar();
    const start = await hop(startUrl(slug, query), jar, br.user.cookie);
    expect(start.status, start.text).toBe(302);
    const consent = await hop(start.headers.get("location")!, jar);
    expect(consent.status).toBe(302);
    return { jar, start, callbackUrl: consent.headers.get("location")! };
  }

  it("start: 401 without a session, 404 provider_unknown (unknown or first-party), 404 no_tenant, 500 broker_auth_config_missing", async () => {
    const anonymous = await api(service, "/api/oauth/broker/github/start");
    expect([anonymous.status, anonymous.body]).toEqual([401, { error: "unauthorized" }]);
    for (const slug of ["nope", "supabase"]) {
      const res = await api(service, `/api/oauth/broker/${slug}/start`, { cookie: br.user.cookie });
      expect([res.status, res.body]).toEqual([404, { error: "provider_unknown" }]);
    }
    const loner = await signUp(service);
    const noTenant = await api(service, "/api/oauth/broker/github/start", { cookie: loner.cookie });
    expect([noTenant.status, noTenant.body]).toEqual([404, { error: "no_tenant" }]);
    const missing = await api(service, "/api/oauth/broker/notion/start", { cookie: br.user.cookie });
    expect([missing.status, missing.body]).toEqual([500, { error: "broker_auth_config_missing" }]);
    expect(broker.linkRequests).toHaveLength(0);
  });

  it("start in a browser (ADR 034): signed out goes to sign in and back; a refusal is a page posting the code, kept for the SDK; programs still get JSON", async () => {
    const asDocument = { "sec-fetch-dest": "document", accept: "text/html" };
    const signedOut = await api(service, "/api/oauth/broker/github/start?embed=1&state=s1", { headers: asDocument });
    expect([signedOut.status, signedOut.headers.get("location")]).toEqual([302, `/login?redirectTo=${encodeURIComponent("/api/oauth/broker/github/start?embed=1&state=s1")}`]);
    const viaAccept = await api(service, "/api/oauth/github/authorize", { headers: { accept: "text/html,application/xhtml+xml" } });
    expect([viaAccept.status, viaAccept.headers.get("location")]).toEqual([302, `/login?redirectTo=${encodeURIComponent("/api/oauth/github/authorize")}`]);

    broker.linkMode = "500";
    try {
      const sdkNonce = `page_nonce_${Date.now()}_abcdef`;
      const opener = new URL(service.url).origin;
      const failed = await api(service, `/api/oauth/broker/github/start?state=s2&opener_origin=${encodeURIComponent(opener)}&sdk_nonce=${sdkNonce}`, { cookie: br.user.cookie, headers: asDocument });
      expect(failed.status).toBe(502);
      expect(failed.headers.get("content-type")).toMatch(/^text\/html/);
      expect(failed.text).toContain("Could not connect");
      expect(failed.text).toContain("broker_initiate_failed: broker answered 500: broker exploded");
      const expected = { type: "svc:oauth:error", code: "broker_initiate_failed", detail: "broker answered 500: broker exploded", state: "s2" };
      expect(popupMessage(failed.text)).toEqual(expected);
      expect(failed.text).toContain(`data-target-origin="${opener}"`);
      const kept = await api(service, `/api/oauth/result?sdk_nonce=${sdkNonce}`);
      expect([kept.status, kept.body]).toEqual([200, expected]);
      const taken = await api(service, `/api/oauth/result?sdk_nonce=${sdkNonce}`);
      expect([taken.status, taken.body]).toEqual([200, { status: "pending" }]);
      // Without a browser's headers: SPEC 4.1's JSON, as before.
      const program = await api(service, "/api/oauth/broker/github/start?state=s2", { cookie: br.user.cookie });
      expect([program.status, program.body]).toEqual([502, { error: "broker_initiate_failed", detail: "broker answered 500: broker exploded" }]);
    } finally {
      broker.linkMode = "ok";
    }
  });

  it("start: 502 broker_initiate_failed with detail (broker error, wrong key) and 502 broker_no_redirect_url; no cookies", async () => {
    broker.linkMode = "500";
    const failed = await api(service, "/api/oauth/broker/github/start", { cookie: br.user.cookie });
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ error: "broker_initiate_failed", detail: "broker answered 500: broker exploded" });
    broker.linkMode = "no_redirect";
    const noRedirect = await api(service, "/api/oauth/broker/github/start", { cookie: br.user.cookie });
    expect([noRedirect.status, noRedirect.body]).toEqual([502, { error: "broker_no_redirect_url" }]);
    broker.linkMode = "ok";
    for (const res of [failed, noRedirect]) expect(res.headers.getSetCookie()).toEqual([]);
    expect(failed.text).not.toContain(broker.apiKey);
  });

  it("a broker that never answers is given up after BROKER_TIMEOUT_SECONDS: 502 broker_initiate_failed", async () => {
    broker.linkMode = "hang";
    try {
      const res = await api(service, "/api/oauth/broker/github/start", { cookie: br.user.cookie });
      expect([res.status, res.body]).toEqual([502, { error: "broker_initiate_failed", detail: "broker did not answer within 2 s" }]);
    } finally {
      broker.linkMode = "ok";
    }
  }, 20_000);

  it("embed without internal=1 goes to the wizard first, keeping the query", async () => {
    const query = `embed=1&app_key=${br.apiKey}&state=x`;
    const res = await api(service, `/api/oauth/broker/github/start?${query}`, { cookie: br.user.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/connections/connect/github?${query}`);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("connects: link with the tenant and a cstate callback, consent, ACTIVE account, broker_managed row without credential", async () => {
    const before = await count("connections");
    const { start, callbackUrl, jar } = await startFlow("github", "state=st&returnTo=%2Fconnections");
    for (const cookie of start.headers.getSetCookie()) expect(cookie).toContain("; Path=/api/oauth/broker/github/callback; HttpOnly; SameSite=Lax; Max-Age=600");
    const link = broker.linkRequests.at(-1)!;
    expect(link).toEqual({ auth_config_id: "ac_github", user_id: br.tenantId, callback_url: expect.stringMatching(new RegExp(`^${service.url}/api/oauth/broker/github/callback\\?cstate=[A-Za-z0-9_-]{32}$`)) });
    const callback = await hop(callbackUrl, jar);
    expect(callback.status).toBe(200);
    const message = popupMessage(callback.text);
    expect(message).toEqual({
      type: "svc:oauth:done",
      provider: "github",
      connection_id: expect.any(String),
      external_id: expect.stringMatching(/^svc_conn_/),
      display_name: "octo@example.com",
      return_url: `${service.url}/connections`,
      state: "st",
    });
    const row = (await service.db.query("select * from connections where id = $1", [message.connection_id])).rows[0];
    const accountId = new URL(callbackUrl).searchParams.get("connected_account_id");
    expect(row).toMatchObject({ profile: "broker_managed", encrypted_credential: null, display_name: "octo@example.com", tenant_id: br.tenantId });
    expect(row.metadata).toEqual({ broker_account_id: accountId, broker_toolkit_slug: "github" });
    expect(await count("connections")).toBe(before + 1);
    // The same callback again: consumed.
    const replay = await hop(callbackUrl, jar);
    expect([replay.status, popupMessage(replay.text).code]).toEqual([400, "oauth_state_invalid"]);
  });

  it("labels an account without an email or name '<Provider> account'", async () => {
    broker.accountData = { id: 42 };
    try {
      const { callbackUrl, jar } = await startFlow("slack");
      const message = popupMessage((await hop(callbackUrl, jar)).text);
      expect(message.display_name).toBe("Slack account");
    } finally {
      broker.accountData = { email: "octo@example.com" };
    }
  });

  it("callback failures: missing_cstate, oauth_state_invalid, the broker's error, missing_broker_account_id, broker_get_failed, broker_not_active", async () => {
    const before = await count("connections");
    const code = async (res: { status: number; text: string }) => [res.status, popupMessage(res.text).code];
    expect(await code(await hop(`${service.url}/api/oauth/broker/github/callback`, new CookieJar()))).toEqual([400, "missing_cstate"]);
    expect(await code(await hop(`${service.url}/api/oauth/broker/nope/callback?cstate=x`, new CookieJar()))).toEqual([400, "provider_unknown"]);

    const outside = await startFlow();
    expect(await code(await hop(outside.callbackUrl, new CookieJar()))).toEqual([400, "oauth_state_invalid"]);

    const denied = await startFlow();
    const deniedUrl = new URL(denied.callbackUrl);
    deniedUrl.searchParams.set("error", "access_denied");
    expect(await code(await hop(deniedUrl.href, denied.jar))).toEqual([400, "access_denied"]);

    const noAccount = await startFlow();
    const noAccountUrl = new URL(noAccount.callbackUrl);
    noAccountUrl.searchParams.delete("connected_account_id");
    expect(await code(await hop(noAccountUrl.href, noAccount.jar))).toEqual([400, "missing_broker_account_id"]);

    const getFails = await startFlow();
    broker.getMode = "500";
    const getFailed = await hop(getFails.callbackUrl, getFails.jar);
    broker.getMode = "ok";
    expect(await code(getFailed)).toEqual([502, "broker_get_failed"]);

    broker.consentStatus = "FAILED";
    const inactive = await startFlow();
    broker.consentStatus = "ACTIVE";
    expect(await code(await hop(inactive.callbackUrl, inactive.jar))).toEqual([400, "broker_not_active"]);

    // An account of another tenant slipped into this flow's callback.
    const foreign = await startFlow();
    const accountId = new URL(foreign.callbackUrl).searchParams.get("connected_account_id")!;
    broker.accounts.get(accountId)!.user_id = "00000000-0000-0000-0000-000000000000";
    expect(await code(await hop(foreign.callbackUrl, foreign.jar))).toEqual([400, "oauth_state_invalid"]);

    // A cookie of the first-party flow is no state for the broker callback.
    expect(await count("connections")).toBe(before);
  });

  it("embed with internal=1 binds and writes GITHUB_CONNECTION_ID in the same transaction", async () => {
    const { callbackUrl, jar } = await startFlow("github", `embed=1&internal=1&app_key=${br.apiKey}`);
    const message = popupMessage((await hop(callbackUrl, jar)).text);
    const binding = (await service.db.query("select connection_id from app_connection_bindings where app_id = $1 and provider = 'github'", [br.appId])).rows;
    expect(binding).toEqual([{ connection_id: message.connection_id }]);
    const env = await trpc(service, br.user, "apps.env", { appId: br.appId }, "query");
    expect(env.data.filter((r: any) => r.kind === "integration").map((r: any) => [r.key, r.value])).toEqual([["GITHUB_CONNECTION_ID", message.external_id]]);
  });

  it("disconnect deletes at the broker first; a broker failure keeps the local row (502), a retry removes both", async () => {
    const { callbackUrl, jar } = await startFlow("github", `embed=1&internal=1&app_key=${br.apiKey}`);
    const message = popupMessage((await hop(callbackUrl, jar)).text);
    const accountId = new URL(callbackUrl).searchParams.get("connected_account_id")!;
    broker.deleteMode = "500";
    const failed = await api(service, `/api/connections/${message.connection_id}`, { method: "DELETE", cookie: br.user.cookie });
    broker.deleteMode = "ok";
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ message: "The broker could not delete the connection; it is kept until that succeeds", error: "broker_delete_failed", detail: "broker answered 500: delete failed" });
    expect(await count("connections", "id = $1", [message.connection_id])).toBe(1);
    expect(await count("app_env_vars", "app_id = $1 and key = 'GITHUB_CONNECTION_ID'", [br.appId])).toBe(1);
    const ok = await api(service, `/api/connections/${message.connection_id}`, { method: "DELETE", cookie: br.user.cookie });
    expect(ok.status).toBe(204);
    expect(broker.accounts.has(accountId)).toBe(false);
    expect(await count("connections", "id = $1", [message.connection_id])).toBe(0);
    expect(await count("app_env_vars", "app_id = $1 and key = 'GITHUB_CONNECTION_ID'", [br.appId])).toBe(0);
  });

  it("a viewer cannot start a flow (403); a member removed between start and callback gets oauth_state_invalid", async () => {
    const join = async (role: "member" | "viewer") => {
      const person = await signUp(service);
      const created = await api(service, "/api/tenants/me/invitations", { method: "POST", cookie: br.user.cookie, json: { email: person.email, role } });
      const token = created.body.url.slice(created.body.url.lastIndexOf("/") + 1);
      const accepted = await fetch(`${service.url}/invite/${token}`, { method: "POST", headers: { cookie: person.cookie }, redirect: "manual" });
      expect(accepted.status).toBe(302);
      return person;
    };
    const viewer = await join("viewer");
    const refused = await api(service, "/api/oauth/broker/github/start", { cookie: viewer.cookie });
    expect([refused.status, refused.body]).toEqual([403, { error: "forbidden", detail: "Viewers cannot manage connections" }]);

    const member = await join("member");
    const jar = new CookieJar();
    const start = await hop(startUrl("github"), jar, member.cookie);
    expect(start.status).toBe(302);
    const consent = await hop(start.headers.get("location")!, jar);
    const removed = await api(service, `/api/tenants/me/members/${member.userId}`, { method: "DELETE", cookie: br.user.cookie });
    expect(removed.status).toBeLessThan(300);
    const before = await count("connections");
    const callback = await hop(consent.headers.get("location")!, jar);
    expect([callback.status, popupMessage(callback.text).code]).toEqual([400, "oauth_state_invalid"]);
    expect(await count("connections")).toBe(before);
  });

  it("the dashboard lists connections with who connected them and which apps use them", async () => {
    const { callbackUrl, jar } = await startFlow("github", `embed=1&internal=1&app_key=${br.apiKey}`);
    const message = popupMessage((await hop(callbackUrl, jar)).text);
    const list = await trpc(service, br.user, "connections.list", undefined, "query");
    const listed = list.data.find((c: any) => c.id === message.connection_id);
    expect(listed).toMatchObject({ provider: "github", createdBy: br.user.userId, createdByEmail: br.user.email, apps: [{ id: br.appId, name: "Tool" }] });
    expect(JSON.stringify(list.data)).not.toContain("encrypted");
  });
});

describe("broker configuration errors", () => {
  const broker = suiteFakeBroker();
  const brokerEnv = () => ({ INTEGRATIONS_FILE: catalogFile([broker.catalogRow("github")]), BROKER_API_URL: broker.url });
  const service = suiteService(() => ({ label: "oauth_broker_cfg", env: { ...brokerEnv(), INTEGRATION_ENCRYPTION_KEY: "" } }));
  const noApiKey = suiteService(() => ({ label: "oauth_broker_nokey", env: brokerEnv() }));

  it("without BROKER_API_KEY: 502 broker_initiate_failed saying so; the broker is never called", async () => {
    const user = await signUp(noApiKey);
    await createTenant(noApiKey, user, uniqueSlug("bk"));
    const res = await api(noApiKey, "/api/oauth/broker/github/start", { cookie: user.cookie });
    expect([res.status, res.body]).toEqual([502, { error: "broker_initiate_failed", detail: "BROKER_API_KEY is not set" }]);
    expect(broker.linkRequests).toHaveLength(0);
  });

  it("without INTEGRATION_ENCRYPTION_KEY: 500 encryption_key_unavailable; the broker is never called", async () => {
    const user = await signUp(service);
    await createTenant(service, user, uniqueSlug("bc"));
    const res = await api(service, "/api/oauth/broker/github/start", { cookie: user.cookie });
    expect([res.status, res.body]).toEqual([500, { error: "encryption_key_unavailable" }]);
    expect(broker.linkRequests).toHaveLength(0);
  });
});
