import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, type TestUser } from "../support/http";
import { appWithKey, signedInOwner } from "../support/actors";
import { catalogFile, popupMessage, popupTargetOrigin } from "../support/oauth";
import { startService, type RunningService } from "../support/service";

/**
 * The embed wizard `/connections/connect/{provider}` over plain HTTP (issue 7 section 5):
 * the start's checks, the picker's binding, what is written and what is not.
 */
let service: RunningService;
let owner: TestUser;
let tenantId: string;
let appId: string;
let appKey: string;
const OPENER = "https://tool.example.com";
const XSS = `</script><script>alert(1)</script>`;
let githubId: string;
let supabaseId: string;

beforeAll(async () => {
  service = await startService({
    label: "connect-wizard",
    env: {
      INTEGRATION_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      INTEGRATIONS_FILE: catalogFile([
        { slug: "github", name: "GitHub", description: "Repositories", oauth_client_config: { broker: { auth_config_id: "ac_gh", toolkit_slug: "github" } } },
        { slug: "supabase", name: "Supabase", oauth_client_config: { authorize_url: "http://127.0.0.1:9/a", token_url: "http://127.0.0.1:9/t", scopes: [], api_base_url: "http://127.0.0.1:9" } },
      ]),
    },
  });
  ({ user: owner, tenantId } = await signedInOwner(service, { slugPrefix: "wiz" }));
  ({ appId, apiKey: appKey } = await appWithKey(service, owner, "Tool"));
  await service.db.query("update apps set allowed_origins = array[$1] where id = $2", [OPENER, appId]);
  const insert = async (provider: string, profile: string, displayName: string) => {
    const id = randomUUID();
    await service.db.query(
      `insert into connections (id, tenant_id, provider, external_id, display_name, profile, metadata, created_by) values ($1, $2, $3, $4, $5, $6, '{}', $7)`,
      [id, tenantId, provider, `svc_conn_${randomBytes(9).toString("base64url")}`, displayName, profile, owner.userId],
    );
    return id;
  };
  githubId = await insert("github", "broker_managed", XSS);
  supabaseId = await insert("supabase", "first_party", "Acme org");
}, 90_000);

afterAll(() => service?.stop());

const sdkNonce = "n".repeat(12) + randomBytes(12).toString("base64url");
const query = (extra: Record<string, string> = {}) =>
  new URLSearchParams({ embed: "1", app_key: appKey, opener_origin: OPENER, state: "st-1", returnTo: "/done", sdk_nonce: sdkNonce, ...extra }).toString();
const bindings = async () => (await service.db.query("select provider, connection_id from app_connection_bindings where app_id = $1", [appId])).rows;

describe("GET /connections/connect/{provider}", () => {
  it("shows the provider, the workspace's accounts for it (escaped), and Connect a new account with internal=1 and the same query", async () => {
    const res = await api(service, `/connections/connect/github?${query()}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Connect GitHub");
    expect(res.text).toContain("Repositories");
    expect(res.text).not.toContain(XSS);
    expect(res.text).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(res.text).not.toContain("Acme org"); // another provider's account
    const href = /href="(\/api\/oauth\/broker\/github\/start\?[^"]+)"/.exec(res.text)![1]!.replace(/&amp;/g, "&");
    const params = new URL(href, service.url).searchParams;
    expect(params.get("internal")).toBe("1");
    expect(params.get("opener_origin")).toBe(OPENER);
    expect(params.get("app_key")).toBe(appKey);
    expect(params.get("sdk_nonce")).toBe(sdkNonce);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer"); // the URL carries app_key
  });

  it("refuses what start refuses: a foreign opener origin, a bad app key, a bad returnTo; and sends the signed-out to sign in", async () => {
    const origin = await api(service, `/connections/connect/github?${query({ opener_origin: "https://evil.example" })}`, { cookie: owner.cookie });
    expect(origin.status).toBe(400);
    expect(origin.text).toContain("opener_origin_not_allowed");
    const key = await api(service, `/connections/connect/github?${query({ app_key: `svc_sk_${"B".repeat(43)}` })}`, { cookie: owner.cookie });
    expect([key.status, key.text.includes("invalid_app_key")]).toEqual([401, true]);
    const back = await api(service, `/connections/connect/github?${query({ returnTo: "//evil.example" })}`, { cookie: owner.cookie });
    expect([back.status, back.text.includes("invalid_return_to")]).toEqual([400, true]);
    const unknown = await api(service, `/connections/connect/nope?${query()}`, { cookie: owner.cookie });
    expect([unknown.status, unknown.text.includes("provider_unknown")]).toEqual([404, true]);
    const anonymous = await api(service, `/connections/connect/github?${query()}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("POST /connections/connect/{provider}/bind", () => {
  const bind = (connectionId: string, q = query(), headers: Record<string, string> = {}) =>
    api(service, `/connections/connect/github/bind?${q}`, {
      method: "POST",
      cookie: owner.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ connectionId }).toString(),
    });

  it("refuses another provider's connection, an unknown one, a cross-site post and a foreign opener: nothing bound", async () => {
    expect(await bind(supabaseId).then((r) => [r.status, r.body])).toEqual([404, { error: "connection_not_found" }]);
    expect(await bind(randomUUID()).then((r) => [r.status, r.body])).toEqual([404, { error: "connection_not_found" }]);
    expect(await bind("not-a-uuid").then((r) => [r.status, r.body])).toEqual([404, { error: "connection_not_found" }]);
    expect((await bind(githubId, query(), { origin: "https://evil.example" })).status).toBe(403);
    expect(await bind(githubId, query({ opener_origin: "https://evil.example" })).then((r) => [r.status, r.body])).toEqual([400, { error: "opener_origin_not_allowed" }]);
    expect(await bindings()).toEqual([]);
    expect((await service.db.query("select count(*)::int as n from app_env_vars where app_id = $1", [appId])).rows[0].n).toBe(0);
  });

  it("binds the chosen connection, writes its env row, answers the popup page to the exact opener origin, and stores the SDK's result once", async () => {
    const res = await bind(githubId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'nonce-/);
    expect(res.text).not.toContain(XSS);
    const message = popupMessage(res.text);
    const external = (await service.db.query("select external_id from connections where id = $1", [githubId])).rows[0].external_id;
    expect(message).toEqual({
      type: "svc:oauth:done",
      provider: "github",
      connection_id: githubId,
      external_id: external,
      display_name: XSS,
      return_url: `${service.url}/done`,
      state: "st-1",
    });
    expect(popupTargetOrigin(res.text)).toBe(OPENER);
    expect(await bindings()).toEqual([{ provider: "github", connection_id: githubId }]);
    const env = await service.db.query("select key, kind from app_env_vars where app_id = $1", [appId]);
    expect(env.rows).toEqual([{ key: "GITHUB_CONNECTION_ID", kind: "integration" }]);
    const events = await service.db.query("select type from app_events where app_id = $1", [appId]);
    expect(events.rows).toEqual([{ type: "connection.bound" }]);
    const stored = await api(service, `/api/oauth/result?sdk_nonce=${sdkNonce}`);
    expect([stored.status, stored.body]).toEqual([200, message]);
    const again = await api(service, `/api/oauth/result?sdk_nonce=${sdkNonce}`);
    expect([again.status, again.body]).toEqual([200, { status: "pending" }]); // handed out once only
  });
});
