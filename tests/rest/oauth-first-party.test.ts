import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { api, signUp, type TestUser } from "../support/http";
import { appWithKey, ownerWithApp } from "../support/actors";
import { suiteService } from "../support/service";
import { providerEnv, suiteFakeOAuthProvider } from "../support/suite-fakes";
import { suiteSetUp } from "../support/suite-resource";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { Webhook } from "standardwebhooks";
import { trpc } from "../support/trpc";
import { catalogFile, CookieJar, hop, popupMessage, popupTargetOrigin } from "../support/oauth";

/** Issue 7 sections 2, 3 and 5 over plain HTTP, following every redirect by hand. */
describe("first-party OAuth flow", () => {
  const provider = suiteFakeOAuthProvider();
  const service = suiteService(() => ({
    label: "oauth_fp",
    env: {
      INTEGRATIONS_FILE: catalogFile([
        provider.catalogRow("supabase"),
        { ...provider.catalogRow("other-fp"), name: "Other" },
        { slug: "github", name: "GitHub", description: "", logo: "", oauth_client_config: { broker: { auth_config_id: "ac_github" } } },
      ]),
      ...providerEnv(provider),
    },
  }));
  const fp = suiteSetUp(() => ownerWithApp(service, { slugPrefix: "fp", name: "FP Co", appName: "Embedder" }));

  const count = async (table: string, where = "tenant_id = $1", params: unknown[] = [fp.tenantId]) =>
    (await service.db.query(`select count(*)::int as n from ${table} where ${where}`, params)).rows[0].n as number;
  const authorizeUrl = (query = "") => `${service.url}/api/oauth/supabase/authorize${query ? `?${query}` : ""}`;

  /** authorize → provider → callback, as the popup's browser would; stops before the callback. */
  async function startFlow(query = "", user: TestUser = fp.user) {
    // Each flow here connects another account of the provider: the same account connected
    // twice updates its connection (issue 19; tests/rest/connection-reconnect.test.ts).
    provider.organizationId = `org_${randomUUID()}`;
    const jar = new CookieJar();
    // SPEC 4.1: the first-party authorize goes to the provider, embedded or not, whatever
    // accounts the workspace has already (issue 28, 2).
    const start = await hop(authorizeUrl(query), jar, user.cookie);
    expect(start.status, start.text).toBe(302);
    expect(start.headers.get("location")!.startsWith(provider.url), start.headers.get("location")!).toBe(true);
    const atProvider = await hop(start.headers.get("location")!, jar);
    expect(atProvider.status).toBe(302);
    return { jar, start, callbackUrl: atProvider.headers.get("location")! };
  }
  async function runFlow(query = "", user: TestUser = fp.user) {
    const flow = await startFlow(query, user);
    const callback = await hop(flow.callbackUrl, flow.jar);
    return { ...flow, callback, message: popupMessage(callback.text) };
  }

  it("refuses without a session (401), without a workspace (404) and for unknown or unsupported providers (404)", async () => {
    const anonymous = await api(service, "/api/oauth/supabase/authorize");
    expect([anonymous.status, anonymous.body]).toEqual([401, { error: "unauthorized" }]);
    const loner = await signUp(service);
    const noTenant = await api(service, "/api/oauth/supabase/authorize", { cookie: loner.cookie });
    expect([noTenant.status, noTenant.body]).toEqual([404, { error: "no_tenant" }]);
    for (const slug of ["nope", "other-fp"]) {
      const res = await api(service, `/api/oauth/${slug}/authorize`, { cookie: fp.user.cookie });
      expect([res.status, res.body]).toEqual([404, { error: "provider_unknown" }]);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it("redirects a broker row to the broker start with the query kept", async () => {
    const res = await api(service, "/api/oauth/github/authorize?state=abc&returnTo=%2Fapps", { cookie: fp.user.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/api/oauth/broker/github/start?state=abc&returnTo=%2Fapps");
  });

  it("connects with PKCE S256: 200 page, the message, an encrypted credential, the discovered project and an event", async () => {
    const eventsBefore = await count("app_events");
    const { start, callback, message, jar } = await runFlow("state=caller-42&returnTo=%2Fconnections%3Ftab%3D1");
    // The two state cookies: HttpOnly, SameSite=Lax, scoped to the callback path, 10 minutes.
    const cookies = start.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(/; Path=\/api\/oauth\/supabase\/callback; HttpOnly; SameSite=Lax; Max-Age=600$/);
    expect(cookies.map((c) => c.split("=")[0])).toEqual([expect.stringMatching(/^svc_oauth_[A-Za-z0-9_-]{32}$/), "svc_oauth_pending"]);
    const authorizeQuery = provider.authorizeRequests.at(-1)!;
    expect(authorizeQuery.get("code_challenge_method")).toBe("S256");
    expect(authorizeQuery.get("redirect_uri")).toBe(`${service.url}/api/oauth/supabase/callback`);
    expect(provider.tokenRequests.at(-1)).toMatchObject({ grant_type: "authorization_code", code_verifier: expect.any(String) });

    expect(callback.status).toBe(200);
    expect(message).toEqual({
      type: "svc:oauth:done",
      provider: "supabase",
      connection_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      external_id: expect.stringMatching(/^svc_conn_/),
      display_name: "Acme Org",
      return_url: `${service.url}/connections?tab=1`,
      state: "caller-42",
    });
    expect(popupTargetOrigin(callback.text)).toBe(service.url);
    expect(callback.headers.get("cache-control")).toBe("no-store");
    expect(callback.headers.get("referrer-policy")).toBe("no-referrer");
    const csp = callback.headers.get("content-security-policy")!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1];
    expect(callback.text).toContain(`<script nonce="${nonce}">`);
    expect(callback.text).not.toContain('postMessage(msg,"*")');
    expect(jar.names()).toEqual([]); // both state cookies cleared

    const row = (await service.db.query("select * from connections where id = $1", [message.connection_id])).rows[0];
    expect(row).toMatchObject({ tenant_id: fp.tenantId, provider: "supabase", external_id: message.external_id, display_name: "Acme Org", profile: "first_party", created_by: fp.user.userId });
    expect(row.metadata).toEqual({ context: { supabase: { project_ref: "proj_one" } } });
    expect(row.encrypted_credential).toMatch(/^v1\./);
    expect(row.credential_key_id).toMatch(/^[0-9a-f]{16}$/);
    const token = [...provider.liveAccessTokens].at(-1)!;
    expect(row.encrypted_credential).not.toContain(token);
    expect(await count("app_events")).toBe(eventsBefore + 1);
    const event = (await service.db.query("select type, app_id, data from app_events where tenant_id = $1 order by id desc limit 1", [fp.tenantId])).rows[0];
    expect(event).toEqual({ type: "connection.created", app_id: null, data: expect.objectContaining({ connectionId: message.connection_id, provider: "supabase" }) });
    // Not embedded: no binding, no env rows.
    expect(await count("app_connection_bindings", "connection_id = $1", [message.connection_id])).toBe(0);
  });

  it("a replayed callback and parallel callbacks with one state make exactly one connection", async () => {
    const before = await count("connections");
    const flow = await startFlow();
    const replayJar = flow.jar.clone();
    const results = await Promise.all(Array.from({ length: 5 }, () => hop(flow.callbackUrl, flow.jar.clone())));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const loser of results.filter((r) => r.status === 400)) {
      expect(popupMessage(loser.text)).toEqual({ type: "svc:oauth:error", code: "oauth_state_invalid", detail: expect.any(String), state: null });
    }
    const replay = await hop(flow.callbackUrl, replayJar);
    expect(replay.status).toBe(400);
    expect(popupMessage(replay.text).code).toBe("oauth_state_invalid");
    expect(await count("connections")).toBe(before + 1);
  });

  it("no cookie, a tampered cookie, another flow's cookie: oauth_state_invalid and nothing written", async () => {
    const before = await count("connections");
    const flow = await startFlow();
    const other = await startFlow();
    const nonce = new URL(flow.callbackUrl).searchParams.get("state")!;
    const noCookie = await hop(flow.callbackUrl, new CookieJar());
    const cookieHeader = flow.jar.header("/api/oauth/supabase/callback");
    const tampered = await fetch(flow.callbackUrl, {
      headers: { cookie: cookieHeader.replace(/(svc_oauth_[A-Za-z0-9_-]{32}=)(.)/, (_m, name, first) => `${name}${first === "e" ? "f" : "e"}`) },
      redirect: "manual",
    });
    // The other flow's valid cookie, renamed to this nonce: the MAC covers the name.
    const otherValue = /svc_oauth_[A-Za-z0-9_-]{32}=([^;]+)/.exec(other.jar.header("/api/oauth/supabase/callback"))![1];
    const swapped = await fetch(flow.callbackUrl, { headers: { cookie: `svc_oauth_${nonce}=${otherValue}` }, redirect: "manual" });
    for (const res of [noCookie, { status: tampered.status, text: await tampered.text() }, { status: swapped.status, text: await swapped.text() }]) {
      expect(res.status).toBe(400);
      expect(popupMessage(res.text).code).toBe("oauth_state_invalid");
    }
    expect(await count("connections")).toBe(before);
    // The untouched flow still completes once.
    expect((await hop(flow.callbackUrl, flow.jar)).status).toBe(200);
  });

  it("a correctly signed but expired state, or one made for another provider, is oauth_state_invalid", async () => {
    const secret = /SESSION_SECRET=(.+)/.exec(readFileSync(join(service.dataDir, "secrets.env"), "utf8"))![1]!;
    const flow = await startFlow();
    const nonce = new URL(flow.callbackUrl).searchParams.get("state")!;
    const name = `svc_oauth_${nonce}`;
    const value = /svc_oauth_[A-Za-z0-9_-]{32}=([^;]+)/.exec(flow.jar.header("/api/oauth/supabase/callback"))![1]!;
    const state = JSON.parse(Buffer.from(value.split(".")[0]!, "base64url").toString());
    const sign = (data: unknown) => {
      const payload = Buffer.from(JSON.stringify(data)).toString("base64url");
      return `${payload}.${createHmac("sha256", secret).update(`${name}=${payload}`).digest("base64url")}`;
    };
    const before = await count("connections");
    for (const forged of [{ ...state, expiresAt: Date.now() - 1000 }, { ...state, provider: "other-fp" }, { ...state, flow: "broker" }]) {
      const res = await fetch(flow.callbackUrl, { headers: { cookie: `${name}=${sign(forged)}` }, redirect: "manual" });
      expect(res.status).toBe(400);
      expect(popupMessage(await res.text()).code).toBe("oauth_state_invalid");
    }
    expect(await count("connections")).toBe(before);
    // The same signing with the real record is accepted: the refusals above were about the content.
    const genuine = await fetch(flow.callbackUrl, { headers: { cookie: `${name}=${sign(state)}` }, redirect: "manual" });
    expect(genuine.status).toBe(200);
  });

  it("the provider's denial is posted as its code (400); missing params are missing_params", async () => {
    const before = await count("connections");
    provider.denyNext = "access_denied";
    const flow = await startFlow("state=s1");
    const denied = await hop(flow.callbackUrl, flow.jar);
    expect(denied.status).toBe(400);
    expect(popupMessage(denied.text)).toEqual({ type: "svc:oauth:error", code: "access_denied", detail: expect.any(String), state: "s1" });
    const missing = await hop(`${service.url}/api/oauth/supabase/callback`, new CookieJar());
    expect([missing.status, popupMessage(missing.text).code]).toEqual([400, "missing_params"]);
    expect(await count("connections")).toBe(before);
  });

  it("a failed exchange is 502 oauth_exchange_failed with the provider's error and no secret", async () => {
    const before = await count("connections");
    const flow = await startFlow();
    provider.tokenError = "invalid_grant";
    const res = await hop(flow.callbackUrl, flow.jar);
    provider.tokenError = null;
    expect(res.status).toBe(502);
    const message = popupMessage(res.text);
    expect(message.code).toBe("oauth_exchange_failed");
    expect(message.detail).toContain("invalid_grant");
    expect(res.text).not.toContain(provider.clientSecret);
    expect(await count("connections")).toBe(before);
  });

  it("refuses returnTo that could leave the site (400 invalid_return_to), starting nothing", async () => {
    for (const bad of ["//evil.com", "/\\evil.com", "https://evil.com/x", "/%2F%2Fevil.com", "javascript:alert(1)", "/%5Cevil.com", "evil", "/..//evil.com"]) {
      const res = await api(service, `/api/oauth/supabase/authorize?returnTo=${encodeURIComponent(bad)}`, { cookie: fp.user.cookie });
      expect([bad, res.status, res.body]).toEqual([bad, 400, { error: "invalid_return_to" }]);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it("opener_origin: exactly the service's own origin without an app, one of the app's allowed origins with it", async () => {
    const own = new URL(service.url).origin;
    for (const bad of ["https://evil.com", `${own}/`, `${own}/path`, "null", "*"]) {
      const res = await api(service, `/api/oauth/supabase/authorize?opener_origin=${encodeURIComponent(bad)}`, { cookie: fp.user.cookie });
      expect([bad, res.status, res.body]).toEqual([bad, 400, { error: "opener_origin_not_allowed" }]);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect((await api(service, `/api/oauth/supabase/authorize?opener_origin=${encodeURIComponent(own)}`, { cookie: fp.user.cookie })).status).toBe(302);

    const thirdParty = "http://127.0.0.1:9";
    const withApp = `embed=1&app_key=${fp.apiKey}&opener_origin=${encodeURIComponent(thirdParty)}`;
    const refused = await api(service, `/api/oauth/supabase/authorize?${withApp}`, { cookie: fp.user.cookie });
    expect([refused.status, refused.body]).toEqual([400, { error: "opener_origin_not_allowed" }]);
    const set = await trpc(service, fp.user, "connections.setAllowedOrigins", { appId: fp.appId, origins: [thirdParty] });
    expect(set.data).toEqual({ allowedOrigins: [thirdParty] });
    const { callback, message } = await runFlow(withApp);
    expect(callback.status).toBe(200);
    expect(popupTargetOrigin(callback.text)).toBe(thirdParty);
    expect(message.type).toBe("svc:oauth:done");
  });

  it("embed with an App Key binds the new connection and writes the app's integration env rows in one go", async () => {
    await trpc(service, fp.user, "connections.setAllowedOrigins", { appId: fp.appId, origins: [] });
    const bad = await api(service, `/api/oauth/supabase/authorize?embed=1&app_key=svc_sk_${"x".repeat(43)}`, { cookie: fp.user.cookie });
    expect([bad.status, bad.body]).toEqual([401, { error: "invalid_app_key" }]);
    const notAKey = await api(service, `/api/oauth/supabase/authorize?embed=1&app_key=hello`, { cookie: fp.user.cookie });
    expect([notAKey.status, notAKey.body]).toEqual([401, { error: "invalid_app_key" }]);

    const { message } = await runFlow(`embed=1&app_key=${fp.apiKey}`);
    const binding = (await service.db.query("select connection_id, tenant_id from app_connection_bindings where app_id = $1 and provider = 'supabase'", [fp.appId])).rows;
    expect(binding).toEqual([{ connection_id: message.connection_id, tenant_id: fp.tenantId }]);
    const env = await trpc(service, fp.user, "apps.env", { appId: fp.appId }, "query");
    const integration = env.data.filter((row: any) => row.kind === "integration").map((row: any) => [row.key, row.value]);
    expect(integration).toEqual([
      ["SUPABASE_CONNECTION_ID", message.external_id],
      ["SUPABASE_PROJECT_REF", "proj_one"],
    ]);
    const types = (await service.db.query("select type from app_events where app_id = $1 order by id", [fp.appId])).rows.map((r) => r.type);
    expect(types).toContain("connection.bound");
  });

  // Issue 28, 2: commit ea3cd14 sent this start to /connections/connect/supabase once the
  // workspace had an account; SPEC 4.1 gives the first-party flow's 302 and its two cookies.
  it("embed=1&app_key in a workspace that already has a Supabase account: still 302 to the provider with the two state cookies", async () => {
    await trpc(service, fp.user, "connections.setAllowedOrigins", { appId: fp.appId, origins: [] });
    if ((await count("connections", "tenant_id = $1 and provider = 'supabase'")) === 0) await runFlow();
    expect(await count("connections", "tenant_id = $1 and provider = 'supabase'")).toBeGreaterThan(0);
    const res = await api(service, `/api/oauth/supabase/authorize?embed=1&app_key=${fp.apiKey}`, { cookie: fp.user.cookie });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(`${provider.url}/v1/oauth/authorize`);
    expect(res.headers.getSetCookie().map((c) => c.split("=")[0])).toEqual([expect.stringMatching(/^svc_oauth_[A-Za-z0-9_-]{32}$/), "svc_oauth_pending"]);

    // Offering the existing account is the caller's choice, with a parameter SPEC does not define (ADR 063).
    const offered = await api(service, `/api/oauth/supabase/authorize?embed=1&app_key=${fp.apiKey}&offer_existing=1`, { cookie: fp.user.cookie });
    expect([offered.status, offered.headers.get("location")]).toEqual([302, `/connections/connect/supabase?embed=1&app_key=${fp.apiKey}&offer_existing=1`]);
    expect(offered.headers.getSetCookie()).toEqual([]);
  });

  it("a connect session (svc_cs_) minted with the App Key works as app_key; a bearer that is not svc_sk_ cannot mint one", async () => {
    const minted = await api(service, "/api/connect/sessions", { method: "POST", headers: { authorization: `Bearer ${fp.apiKey}` } });
    expect(minted.status).toBe(201);
    expect(minted.body).toEqual({ token: expect.stringMatching(/^svc_cs_[A-Za-z0-9_-]{43}$/), expires_at: expect.any(String) });
    expect(new Date(minted.body.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    const refused = await api(service, "/api/connect/sessions", { method: "POST", headers: { authorization: `Bearer ${minted.body.token}` } });
    expect([refused.status, refused.body]).toEqual([401, { message: "Missing or invalid Bearer token" }]);
    const { callback, message } = await runFlow(`embed=1&app_key=${minted.body.token}`);
    expect(callback.status).toBe(200);
    expect((await service.db.query("select connection_id from app_connection_bindings where app_id = $1", [fp.appId])).rows[0].connection_id).toBe(message.connection_id);
  });

  it("a connect session ends with the App Key that minted it, and after 30 minutes", async () => {
    const created = (await trpc(service, fp.user, "keys.create", { appId: fp.appId })).data;
    const minted = await api(service, "/api/connect/sessions", { method: "POST", headers: { authorization: `Bearer ${created.apiKey}` } });
    expect((await api(service, `/api/oauth/supabase/authorize?embed=1&app_key=${minted.body.token}`, { cookie: fp.user.cookie })).status).toBe(302);
    expect((await trpc(service, fp.user, "keys.revoke", { keyId: created.id })).status).toBe(200);
    const revoked = await api(service, `/api/oauth/supabase/authorize?embed=1&app_key=${minted.body.token}`, { cookie: fp.user.cookie });
    expect([revoked.status, revoked.body]).toEqual([401, { error: "invalid_app_key" }]);

    const other = await api(service, "/api/connect/sessions", { method: "POST", headers: { authorization: `Bearer ${fp.apiKey}` } });
    await service.db.query("update connect_sessions set expires_at = now() - interval '1 second'");
    const expired = await api(service, `/api/oauth/supabase/authorize?embed=1&app_key=${other.body.token}`, { cookie: fp.user.cookie });
    expect([expired.status, expired.body]).toEqual([401, { error: "invalid_app_key" }]);
  });

  it("an embed callback whose binding fails writes nothing: no connection, no binding, no env row", async () => {
    const { appId: doomed, apiKey: key } = await appWithKey(service, fp.user, "Doomed");
    const flow = await startFlow(`embed=1&app_key=${key}`);
    const before = await count("connections");
    await service.db.query("delete from apps where id = $1", [doomed]);
    const res = await hop(flow.callbackUrl, flow.jar);
    expect(res.status).toBe(500);
    expect(popupMessage(res.text).code).toBe("db_insert_failed");
    expect(await count("connections")).toBe(before);
    expect(await count("app_connection_bindings", "app_id = $1", [doomed])).toBe(0);
    expect(await count("app_env_vars", "app_id = $1", [doomed])).toBe(0);
  });

  it("several discovered projects: the popup asks which one, and the choice is taken once", async () => {
    provider.projects = [
      { id: "proj_a", name: "Alpha" },
      { id: "proj_b", name: "Beta <b>" },
    ];
    try {
      const before = await count("connections");
      const flow = await startFlow("state=pick");
      const picker = await hop(flow.callbackUrl, flow.jar);
      expect(picker.status).toBe(200);
      expect(picker.text).toContain("Beta &lt;b&gt;");
      expect(picker.text).not.toContain("svc-oauth-result");
      expect(await count("connections")).toBe(before);
      const nonce = new URL(flow.callbackUrl).searchParams.get("state")!;
      const post = (choice: string) =>
        hop(`${service.url}/api/oauth/supabase/callback`, flow.jar, undefined, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: service.url },
          body: new URLSearchParams({ state: nonce, choice }),
        });
      const unknown = await post("proj_zzz");
      expect(unknown.text).toContain("proj_a"); // shown again
      const chosen = await post("proj_b");
      expect(chosen.status).toBe(200);
      const message = popupMessage(chosen.text);
      expect(message).toMatchObject({ type: "svc:oauth:done", state: "pick" });
      const row = (await service.db.query("select metadata from connections where id = $1", [message.connection_id])).rows[0];
      expect(row.metadata).toEqual({ context: { supabase: { project_ref: "proj_b" } } });
      const again = await hop(`${service.url}/api/oauth/supabase/callback`, (() => { const j = new CookieJar(); return j; })(), undefined, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: service.url },
        body: new URLSearchParams({ state: nonce, choice: "proj_a" }),
      });
      expect([again.status, popupMessage(again.text).code]).toEqual([400, "oauth_state_invalid"]);
      expect(await count("connections")).toBe(before + 1);
    } finally {
      provider.projects = [{ id: "proj_one", name: "Only project" }];
    }
  });

  it("a hostile display name stays inside the JSON script element", async () => {
    const hostile = "</script><script>alert(1)</script><!-- \u2028\u2029 & 'x\"";
    provider.organizationName = hostile;
    try {
      const { callback, message } = await runFlow();
      expect(message.display_name).toBe(hostile);
      expect(callback.text).not.toContain("</script><script>alert(1)");
      const json = /id="svc-oauth-result"[^>]*>([\s\S]*?)<\/script>/.exec(callback.text)![1]!;
      expect(json).not.toMatch(/[<>&\u2028\u2029]/);
      // Exactly two script elements: the JSON one and the nonce'd one.
      expect(callback.text.match(/<script/g)).toHaveLength(2);
    } finally {
      provider.organizationName = "Acme Org";
    }
  });

  it("with sdk_nonce the final message is kept server-side and read once", async () => {
    const sdkNonce = "n".repeat(20) + Date.now();
    const { message } = await runFlow(`sdk_nonce=${sdkNonce}`);
    const first = await api(service, `/api/oauth/result?sdk_nonce=${sdkNonce}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual(message);
    const second = await api(service, `/api/oauth/result?sdk_nonce=${sdkNonce}`);
    expect([second.status, second.body]).toEqual([200, { status: "pending" }]); // read once: never handed out twice
    const bad = await api(service, `/api/oauth/result?sdk_nonce=short`);
    expect([bad.status, bad.body]).toEqual([400, { error: "invalid_sdk_nonce" }]);
  });

  it("disconnect removes the connection, its bindings and integration env rows, and records the events", async () => {
    const { message } = await runFlow(`embed=1&app_key=${fp.apiKey}`);
    const res = await api(service, `/api/connections/${message.connection_id}`, { method: "DELETE", cookie: fp.user.cookie });
    expect(res.status).toBe(204);
    expect(await count("connections", "id = $1", [message.connection_id])).toBe(0);
    expect(await count("app_connection_bindings", "app_id = $1", [fp.appId])).toBe(0);
    expect(await count("app_env_vars", "app_id = $1 and kind = 'integration'", [fp.appId])).toBe(0);
    const last = (await service.db.query("select type from app_events where tenant_id = $1 order by id desc limit 2", [fp.tenantId])).rows.map((r) => r.type);
    expect(last).toEqual(["connection.deleted", "connection.unbound"]);
    const again = await api(service, `/api/connections/${message.connection_id}`, { method: "DELETE", cookie: fp.user.cookie });
    expect([again.status, again.body]).toEqual([404, { message: "Connection not found" }]);
  });

  it("a path under /api/oauth/ that is none of the navigations is a JSON 404; another method on a navigation is a 405", async () => {
    for (const path of ["/api/oauth/supabase", "/api/oauth/supabase/other", "/api/oauth/broker/github/other", "/api/oauth/a/b/c/d", "/api/oauth/"]) {
      const res = await api(service, path, { cookie: fp.user.cookie });
      expect([path, res.status, res.body]).toEqual([path, 404, { message: "Not found" }]);
    }
    for (const path of ["/api/oauth/supabase/authorize", "/api/oauth/broker/github/start", "/api/oauth/broker/github/callback"]) {
      const res = await api(service, path, { method: "POST", cookie: fp.user.cookie });
      expect([path, res.status, res.body, res.headers.get("allow")]).toEqual([path, 405, { message: "Method not allowed" }, "GET"]);
    }
  });

  it("announces a connection made and disconnected to the workspace's webhooks, with the change log's ids; bindings stay off them", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const endpoint = await api(service, "/api/webhooks", { method: "POST", cookie: fp.user.cookie, json: { url: `${receiver.url}/connections` } });
      expect(endpoint.status, endpoint.text).toBe(201);
      const { message } = await runFlow(`embed=1&app_key=${fp.apiKey}`);
      const removed = await api(service, `/api/connections/${message.connection_id}`, { method: "DELETE", cookie: fp.user.cookie });
      expect(removed.status).toBe(204);
      const hooks = await receiver.waitFor("/connections", 2);
      const verify = (hook: (typeof hooks)[number]) =>
        new Webhook(endpoint.body.secret).verify(hook.body, {
          "webhook-id": String(hook.headers["webhook-id"]),
          "webhook-timestamp": String(hook.headers["webhook-timestamp"]),
          "webhook-signature": String(hook.headers["webhook-signature"]),
        }) as { type: string; data: Record<string, unknown> };
      expect(hooks.map((hook) => verify(hook).type).sort()).toEqual(["connection.created", "connection.deleted"]);
      for (const hook of hooks) expect(verify(hook).data).toMatchObject({ connectionId: message.connection_id, externalId: message.external_id, provider: "supabase" });
      const logged = (await service.db.query("select id::text as id, type from app_events where tenant_id = $1 and data ->> 'connectionId' = $2 order by id", [fp.tenantId, message.connection_id])).rows;
      expect(logged.map((row) => row.type)).toEqual(["connection.created", "connection.bound", "connection.unbound", "connection.deleted"]);
      const announced = logged.filter((row) => row.type === "connection.created" || row.type === "connection.deleted").map((row) => row.id);
      expect(hooks.map((hook) => hook.headers["webhook-id"]).sort()).toEqual(announced.sort());
      await api(service, `/api/webhooks/${endpoint.body.id}`, { method: "DELETE", cookie: fp.user.cookie });
    } finally {
      await receiver.close();
    }
  });

  it("disconnect: an id that is no UUID, or malformed percent-encoding, is 404 Connection not found and removes nothing", async () => {
    const { message } = await runFlow();
    const before = await count("connections");
    for (const id of ["not-a-uuid", "%E0%A4%A", "%", `${message.connection_id}x`, encodeURIComponent("' or 1=1 --")]) {
      const res = await api(service, `/api/connections/${id}`, { method: "DELETE", cookie: fp.user.cookie });
      expect([id, res.status, res.body]).toEqual([id, 404, { message: "Connection not found" }]);
    }
    expect(await count("connections")).toBe(before);
    expect(await count("connections", "id = $1", [message.connection_id])).toBe(1);
  });
});
