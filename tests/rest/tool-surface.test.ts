import { randomBytes, randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/ports";
import { api, type TestUser } from "../support/http";
import { appWithKey, signedInOwner } from "../support/actors";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "../fakes/oauth-provider";
import { startService, type RunningService } from "../support/service";
import { startFakeBroker, type FakeBroker } from "../fakes/broker";
import { sealWithKey } from "../support/sealed-credentials";

// The test seals credentials with the service's key, as the OAuth callback would have.
const ENCRYPTION_KEY = randomBytes(32).toString("base64");

const CLIENT = { clientId: "client-abc", clientSecret: "secret-xyz" };
const BROKER_KEY = "broker-key-123";

let service: RunningService;
let upstream: FakeOAuthProvider;
let broker: FakeBroker;
let owner: TestUser;
let tenantId: string;
let appId: string;
let appKey: string;
let otherAppKey: string;
let otherAppId: string;

beforeAll(async () => {
  upstream = await startFakeOAuthProvider({ ...CLIENT, requireBasicAuth: true });
  broker = await startFakeBroker({ apiKey: BROKER_KEY });
  const dir = mkdtempSync(join(tmpdir(), "svc-catalog-"));
  const catalog = join(dir, "catalog.json");
  writeFileSync(
    catalog,
    JSON.stringify({
      integrations: [
        {
          slug: "supabase",
          name: "Supabase",
          oauth_client_config: {
            authorize_url: `${upstream.url}/v1/oauth/authorize`,
            token_url: `${upstream.url}/v1/oauth/token`,
            scopes: [],
            api_base_url: upstream.url,
          },
        },
        { ...broker.catalogRow("github", "ac_github"), name: "GitHub" },
      ],
    }),
  );
  service = await startService({
    label: "tool-surface",
    env: {
      INTEGRATION_ENCRYPTION_KEY: ENCRYPTION_KEY,
      INTEGRATIONS_FILE: catalog,
      SUPABASE_OAUTH_CLIENT_ID: CLIENT.clientId,
      SUPABASE_OAUTH_CLIENT_SECRET: CLIENT.clientSecret,
      BROKER_API_URL: broker.url,
      BROKER_API_KEY: BROKER_KEY,
    },
  });
  ({ user: owner, tenantId } = await signedInOwner(service, { slugPrefix: "tools" }));
  ({ appId, apiKey: appKey } = await appWithKey(service, owner, "Reporter"));
  ({ appId: otherAppId, apiKey: otherAppKey } = await appWithKey(service, owner, "Other"));
}, 90_000);

afterAll(async () => {
  await service?.stop();
  await upstream?.close();
  await broker?.close();
});

/**
 * Asks again until the answer shows a change the service hears of by NOTIFY (its caches keep
 * an answer for up to a minute otherwise); after 10 s, the last answer, for the test's expects.
 */
async function afterNotify<T>(ask: () => Promise<T>, changed: (answer: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  let answer = await ask();
  while (!changed(answer) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    answer = await ask();
  }
  return answer;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A connection as a callback leaves it (rows written directly: this suite tests what reads them). */
async function insertConnection(input: { provider: string; profile: "first_party" | "broker_managed"; credential?: object; metadata?: object; displayName?: string }) {
  const id = randomUUID();
  const externalId = `svc_conn_${randomBytes(9).toString("base64url")}`;
  const sealed = input.credential ? sealWithKey(ENCRYPTION_KEY, input.credential as never) : null;
  await service.db.query(
    `insert into connections (id, tenant_id, provider, external_id, display_name, profile, encrypted_credential, credential_key_id, metadata, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [id, tenantId, input.provider, externalId, input.displayName ?? `${input.provider} account`, input.profile, sealed?.ciphertext ?? null, sealed?.keyId ?? null, JSON.stringify(input.metadata ?? {}), owner.userId],
  );
  return { id, externalId };
}

async function bind(app: string, provider: string, connectionId: string) {
  await service.db.query(
    `insert into app_connection_bindings (app_id, provider, connection_id, tenant_id) values ($1, $2, $3, $4)
     on conflict (app_id, provider) do update set connection_id = excluded.connection_id`,
    [app, provider, connectionId, tenantId],
  );
}

describe("SPEC 5 token rules on /api/deployments/me/* and /api/proxy/*", () => {
  const jwt = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";
  for (const path of ["/api/deployments/me/connections", "/api/deployments/me/events", "/api/proxy/supabase/v1/projects"]) {
    it(`${path}: no token, a JWT, a foreign token and an unknown svc_sk_ key get 401 Missing or invalid Bearer token`, async () => {
      for (const headers of [{}, bearer(jwt), bearer("sk_live_abc"), { authorization: "Basic abc" }, bearer(`svc_sk_${"A".repeat(43)}`)]) {
        const res = await api(service, path, { headers });
        expect([res.status, res.body]).toEqual([401, { message: "Missing or invalid Bearer token" }]);
      }
      expect(upstream.requests.filter((r) => r.url.startsWith("/v1/projects"))).toHaveLength(0);
    });
  }
});

describe("GET /api/deployments/me/connections", () => {
  it("lists only the key's app's bindings, with context and never a secret; a change shows at once", async () => {
    const empty = await api(service, "/api/deployments/me/connections", { headers: bearer(appKey) });
    expect([empty.status, empty.body]).toEqual([200, { connections: [] }]);
    expect(empty.headers.get("cache-control")).toBe("no-store");

    const conn = await insertConnection({
      provider: "supabase",
      profile: "first_party",
      credential: { access_token: "at-secret-value", refresh_token: "rt-secret-value" },
      metadata: { context: { supabase: { project_ref: "abcd1234" } } },
      displayName: "Acme org",
    });
    await bind(appId, "supabase", conn.id);
    // The NOTIFY travels after the commit: the cached answer goes within moments, not at its TTL.
    const listed = await afterNotify(() => api(service, "/api/deployments/me/connections", { headers: bearer(appKey) }), (r) => r.body.connections?.length === 1);
    expect(listed.status).toBe(200);
    expect(listed.body.connections).toHaveLength(1);
    const [row] = listed.body.connections;
    expect(Object.keys(row).sort()).toEqual(["connectionId", "context", "createdAt", "displayName", "externalId", "profile", "provider", "status", "statusChangedAt", "statusReason"]);
    expect([row.status, row.statusReason]).toEqual(["active", null]);
    expect(row).toMatchObject({ provider: "supabase", connectionId: conn.id, externalId: conn.externalId, displayName: "Acme org", profile: "first_party", context: { project_ref: "abcd1234" } });
    expect(JSON.stringify(listed.body)).not.toMatch(/secret-value|encrypted|v1\./);

    // The other app of the same workspace sees nothing of it.
    const other = await api(service, "/api/deployments/me/connections", { headers: bearer(otherAppKey) });
    expect(other.body).toEqual({ connections: [] });

    // Renamed and then unbound: the cached answer is dropped each time.
    await service.db.query("update connections set display_name = 'Renamed org' where id = $1", [conn.id]);
    const renamed = await afterNotify(() => api(service, "/api/deployments/me/connections", { headers: bearer(appKey) }), (r) => r.body.connections?.[0]?.displayName === "Renamed org");
    expect(renamed.body.connections[0].displayName).toBe("Renamed org");
    await service.db.query("delete from app_connection_bindings where app_id = $1", [appId]);
    const unbound = await afterNotify(() => api(service, "/api/deployments/me/connections", { headers: bearer(appKey) }), (r) => r.body.connections?.length === 0);
    expect(unbound.body).toEqual({ connections: [] });
  });

  it("is not shadowed by /api/deployments/*: POST answers 405, a deployment named me is still reachable by GET /api/deployments/me", async () => {
    const post = await api(service, "/api/deployments/me/connections", { method: "POST", headers: bearer(appKey) });
    expect(post.status).toBe(405);
  });
});

describe("GET /api/deployments/me/events", () => {
  it("pages oldest first with nextCursor, own app and workspace events only", async () => {
    const insert = (app: string | null, type: string, data: object) =>
      service.db.query("insert into app_events (tenant_id, app_id, type, data) values ($1, $2, $3, $4) returning id::text", [tenantId, app, type, JSON.stringify(data)]);
    const first = (await insert(null, "connection.created", { n: 1 })).rows[0].id;
    await insert(otherAppId, "connection.bound", { n: 2 });
    const third = (await insert(appId, "connection.bound", { n: 3 })).rows[0].id;
    const fourth = (await insert(appId, "connection.unbound", { n: 4 })).rows[0].id;

    const page1 = await api(service, `/api/deployments/me/events?limit=2`, { headers: bearer(appKey) });
    expect(page1.status).toBe(200);
    expect(page1.body.events.map((e: any) => [e.id, e.type, e.data.n])).toEqual([
      [first, "connection.created", 1],
      [third, "connection.bound", 3],
    ]);
    expect(Object.keys(page1.body.events[0]).sort()).toEqual(["createdAt", "data", "id", "type"]);
    expect(page1.body.nextCursor).toBe(third);
    const page2 = await api(service, `/api/deployments/me/events?after=${page1.body.nextCursor}`, { headers: bearer(appKey) });
    expect(page2.body.events.map((e: any) => e.id)).toEqual([fourth]);
    const page3 = await api(service, `/api/deployments/me/events?after=${page2.body.nextCursor}`, { headers: bearer(appKey) });
    expect(page3.body).toEqual({ events: [], nextCursor: fourth });
  });

  it("keeps numeric order past id 9 and pages through a dozen events without loss or repeat", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push((await service.db.query("insert into app_events (tenant_id, app_id, type, data) values ($1, $2, 'connection.bound', $3) returning id::text", [tenantId, appId, JSON.stringify({ i })])).rows[0].id);
    }
    const start = String(BigInt(ids[0]!) - 1n);
    const seen: string[] = [];
    let cursor = start;
    for (let page = 0; page < 4; page++) {
      const res = await api(service, `/api/deployments/me/events?after=${cursor}&limit=5`, { headers: bearer(appKey) });
      seen.push(...res.body.events.map((e: { id: string }) => e.id));
      cursor = res.body.nextCursor;
    }
    expect(seen).toEqual(ids);
  });

  it("refuses bad limits and cursors with 400 and a message", async () => {
    for (const query of ["limit=0", "limit=101", "limit=abc", "limit=1.5", "limit=-1", "limit=", "limit=1&limit=2"]) {
      const res = await api(service, `/api/deployments/me/events?${query}`, { headers: bearer(appKey) });
      expect([query, res.status, res.body]).toEqual([query, 400, { message: "limit must be an integer from 1 to 100" }]);
    }
    for (const query of ["after=abc", "after=-1", "after=01", "after=1e3", "after=99999999999999999999", "after=", "after=%00"]) {
      const res = await api(service, `/api/deployments/me/events?${query}`, { headers: bearer(appKey) });
      expect([query, res.status, res.body]).toEqual([query, 400, { message: "after must be a cursor returned as nextCursor" }]);
    }
    const ok = await api(service, `/api/deployments/me/events?limit=100&after=0`, { headers: bearer(appKey) });
    expect(ok.status).toBe(200);
  });

  it("accepts every cursor up to the largest bigserial id (19 digits): nothing after it, the same cursor back", async () => {
    for (const after of ["1000000000000000000", "9223372036854775807"]) {
      const res = await api(service, `/api/deployments/me/events?after=${after}`, { headers: bearer(appKey) });
      expect([after, res.status, res.body]).toEqual([after, 200, { events: [], nextCursor: after }]);
    }
    const over = await api(service, `/api/deployments/me/events?after=9223372036854775808`, { headers: bearer(appKey) });
    expect([over.status, over.body]).toEqual([400, { message: "after must be a cursor returned as nextCursor" }]);
  });
});

describe("the provider proxy, first-party", () => {
  let connectionId: string;
  beforeAll(async () => {
    upstream.accessToken = "at-initial";
    upstream.refreshToken = "rt-initial";
    const conn = await insertConnection({
      provider: "supabase",
      profile: "first_party",
      credential: { access_token: "at-initial", refresh_token: "rt-initial", expires_at: Math.floor(Date.now() / 1000) + 3600 },
    });
    connectionId = conn.id;
    await bind(appId, "supabase", conn.id);
  });

  it("forwards method, path, query and body with the stored token; strips Authorization, cookies, X-Svc-* and Set-Cookie", async () => {
    upstream.requests.length = 0;
    const res = await fetch(`${service.url}/api/proxy/supabase/v1/projects/abc?select=id&x=%2F`, {
      method: "POST",
      headers: { ...bearer(appKey), "content-type": "application/json", cookie: "svc_session=stolen", "x-svc-tenant-id": "someone-else", "X_Svc_Role": "owner", "x-custom": "kept" },
      body: JSON.stringify({ hello: "world" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-upstream")).toBe("yes");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await res.json()).toEqual({ method: "POST", url: "/v1/projects/abc?select=id&x=%2F", body: '{"hello":"world"}' });
    const seen = upstream.requests[0]!;
    expect(seen.headers.authorization).toBe("Bearer at-initial");
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers["x-svc-tenant-id"]).toBeUndefined();
    expect(Object.keys(seen.headers).filter((h) => h.replace(/_/g, "-").startsWith("x-svc-"))).toEqual([]);
    expect(seen.headers["x-custom"]).toBe("kept");
    expect(seen.headers.host).toBe(new URL(upstream.url).host);
  });

  it("streams the answer as it comes", async () => {
    const res = await fetch(`${service.url}/api/proxy/supabase/v1/stream`, { headers: bearer(appKey) });
    const reader = res.body!.getReader();
    // The upstream holds the second chunk back until released: the first one came through alone.
    const first = await reader.read();
    expect(Buffer.from(first.value!).toString()).toBe("first;");
    upstream.releaseStreams();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += Buffer.from(chunk.value!).toString();
    expect(rest).toBe("second");
  });

  it("refreshes once on a 401 for many parallel calls (single-flight), stores the new tokens, and retries the bodies", async () => {
    upstream.accessToken = "at-rotated-elsewhere"; // the provider revoked the stored token
    upstream.refreshToken = "rt-initial";
    upstream.refreshDelayMs = 300;
    const before = upstream.refreshes;
    const stored = (await service.db.query("select encrypted_credential from connections where id = $1", [connectionId])).rows[0].encrypted_credential;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fetch(`${service.url}/api/proxy/supabase/v1/items`, { method: "PUT", headers: { ...bearer(appKey), "content-type": "text/plain" }, body: `item-${i}` }).then(async (r) => [r.status, await r.json()]),
      ),
    );
    upstream.refreshDelayMs = 0;
    expect(upstream.refreshes - before).toBe(1);
    answers.forEach(([status, body], i) => {
      expect(status).toBe(200);
      expect(body).toEqual({ method: "PUT", url: "/v1/items", body: `item-${i}` });
    });
    const after = (await service.db.query("select encrypted_credential from connections where id = $1", [connectionId])).rows[0].encrypted_credential;
    expect(after).not.toBe(stored);
    expect(after).not.toContain(upstream.accessToken);
    // The next call uses the stored new token at once: no further refresh.
    const again = await fetch(`${service.url}/api/proxy/supabase/v1/items`, { headers: bearer(appKey) });
    expect(again.status).toBe(200);
    expect(upstream.refreshes - before).toBe(1);
  });

  it("refreshes before calling when the stored token has expired", async () => {
    const expired = { access_token: "at-old", refresh_token: upstream.refreshToken, expires_at: Math.floor(Date.now() / 1000) - 10 };
    const sealed = sealWithKey(ENCRYPTION_KEY, expired);
    await service.db.query("update connections set encrypted_credential = $1, credential_key_id = $2 where id = $3", [sealed.ciphertext, sealed.keyId, connectionId]);
    // Until the service hears of the change by NOTIFY its cached, still valid token is used:
    // ask until a call refreshes; only that last call's requests are kept.
    const before = upstream.refreshes;
    const res = await afterNotify(
      () => {
        upstream.requests.length = 0;
        return fetch(`${service.url}/api/proxy/supabase/v1/projects`, { headers: bearer(appKey) });
      },
      () => upstream.refreshes > before,
    );
    expect(res.status).toBe(200);
    expect(upstream.refreshes - before).toBe(1);
    expect(upstream.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${upstream.accessToken}`]);
  });

  it("passes the 401 on when the refresh is refused, and says why", async () => {
    upstream.accessToken = "at-unreachable";
    upstream.refreshToken = "rt-not-ours";
    const res = await api(service, "/api/proxy/supabase/v1/projects", { headers: bearer(appKey) });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe("token_refresh_failed");
    expect(res.body.detail).toMatch(/invalid_grant/);
    // The refusal moved the connection to needs_reauth (issue 19): the next call is answered without calling the provider.
    const calls = upstream.requests.length;
    const next = await api(service, "/api/proxy/supabase/v1/projects", { headers: bearer(appKey) });
    expect([next.status, next.body]).toEqual([409, { error: "connection_needs_reauth", connection_id: connectionId }]);
    expect(upstream.requests.length).toBe(calls);
  });

  it("follows an edited catalog row at once; a provider that does not answer is 502 upstream_unreachable", async () => {
    // The refused refresh of the previous test moved the connection to needs_reauth (answered
    // 409 without calling the provider, issue 19); this test is about reaching the provider.
    await service.db.query("update connections set status = 'active', status_reason = null where id = $1", [connectionId]);
    const closedPort = await freePort();
    await service.db.query("update integrations set oauth_client_config = jsonb_set(oauth_client_config, '{api_base_url}', to_jsonb($1::text)) where slug = 'supabase'", [`http://127.0.0.1:${closedPort}`]);
    // Waits for the edit itself: before it is seen, the old upstream's refused refresh is a 502 too.
    const down = await afterNotify(() => api(service, "/api/proxy/supabase/v1/projects", { headers: bearer(appKey) }), (r) => r.body.error === "upstream_unreachable");
    expect([down.status, down.body]).toEqual([502, { error: "upstream_unreachable", detail: "the provider could not be reached" }]);
    await service.db.query("update integrations set oauth_client_config = jsonb_set(oauth_client_config, '{api_base_url}', to_jsonb($1::text)) where slug = 'supabase'", [upstream.url]);
    // Reached again (the provider now refuses the token the previous test left: a refresh error, not unreachable).
    const back = await afterNotify(() => api(service, "/api/proxy/supabase/v1/projects", { headers: bearer(appKey) }), (r) => r.body.error !== "upstream_unreachable");
    expect(back.body.error).not.toBe("upstream_unreachable");
    expect(upstream.requests.at(-1)!.url).toBe("/v1/projects");
  });

  it("no binding for the provider: 404 connection_not_found; dot segments: 400", async () => {
    const none = await api(service, "/api/proxy/supabase/v1/projects", { headers: bearer(otherAppKey) });
    expect([none.status, none.body]).toEqual([404, { error: "connection_not_found" }]);
    const unknown = await api(service, "/api/proxy/notion/v1/pages", { headers: bearer(appKey) });
    expect([unknown.status, unknown.body]).toEqual([404, { error: "connection_not_found" }]);
    for (const path of ["/api/proxy/supabase/v1/%2e%2e/admin", "/api/proxy/supabase/v1/a%2Fb", "/api/proxy/github//evil.example/x", "/api/proxy/supabase/v1/a%5Cb"]) {
      const res = await new Promise<number>((resolve, reject) => {
        const u = new URL(service.url);
        httpRequest({ hostname: u.hostname, port: u.port, path, headers: bearer(appKey) }, (r) => {
          r.resume();
          resolve(r.statusCode!);
        })
          .on("error", reject)
          .end();
      });
      expect([path, res]).toEqual([path, 400]);
    }
  });
});

describe("GET /sdk/connect.js", () => {
  it("serves the ES module with an ETag (304 on revalidation), CORS-readable, a content-addressed copy and the .d.ts", async () => {
    const res = await fetch(`${service.url}/sdk/connect.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const text = await res.text();
    expect(text).toContain("export function connect(");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{16}"$/);
    const again = await fetch(`${service.url}/sdk/connect.js`, { headers: { "if-none-match": etag } });
    expect([again.status, await again.text()]).toEqual([304, ""]);
    const versioned = res.headers.get("x-sdk-versioned-url")!;
    const pinned = await fetch(`${service.url}${versioned}`);
    expect([pinned.status, pinned.headers.get("cache-control"), await pinned.text()]).toEqual([200, "public, max-age=31536000, immutable", text]);
    const wrongHash = await fetch(`${service.url}/sdk/connect.AAAAAAAAAAAAAAAA.js`);
    expect(wrongHash.status).toBe(404);
    const types = await fetch(`${service.url}/sdk/connect.d.ts`);
    expect(types.status).toBe(200);
    expect(types.headers.get("content-type")).toBe("application/typescript; charset=utf-8");
    expect(await types.text()).toContain("export declare function connect(options: ConnectOptions): Promise<ConnectResult>;");
    for (const path of ["/sdk/../package.json", "/sdk/%2e%2e/package.json", "/sdk/other.js", "/sdk/"]) {
      expect([path, (await fetch(`${service.url}${path}`)).status]).toEqual([path, 404]);
    }
  });
});

describe("the provider proxy, broker", () => {
  it("calls the broker's proxy with endpoint, method, connected_account_id and body, and answers its status and data", async () => {
    broker.accounts.set("ca_123", { id: "ca_123", status: "ACTIVE", user_id: tenantId, auth_config: { id: "ac_github" }, toolkit: { slug: "github" }, data: {}, callbackUrl: "" });
    broker.proxyStatus = 201;
    const conn = await insertConnection({ provider: "github", profile: "broker_managed", metadata: { broker_account_id: "ca_123", broker_toolkit_slug: "github" } });
    await bind(appId, "github", conn.id);
    const res = await fetch(`${service.url}/api/proxy/github/repos/acme/x/issues?state=open`, {
      method: "POST",
      headers: { ...bearer(appKey), "content-type": "application/json" },
      body: JSON.stringify({ title: "Bug" }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ echoed: { title: "Bug" }, endpoint: "/repos/acme/x/issues?state=open" });
    const call = broker.proxyRequests.at(-1)!;
    expect(call.headers["x-api-key"]).toBe(BROKER_KEY);
    expect(call.headers.authorization).toBeUndefined();
    expect(call.body).toEqual({ endpoint: "/repos/acme/x/issues?state=open", method: "POST", connected_account_id: "ca_123", body: { title: "Bug" } });
  });
});
