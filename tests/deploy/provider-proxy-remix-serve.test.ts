import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { api, createTenant, signUp, uniqueSlug } from "../support/http";
import { catalogFile } from "../support/oauth";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "../fakes/oauth-provider";
import { startService, type RunningService } from "../support/service";
import { trpc } from "../support/trpc";
import { sealWithKey } from "../support/sealed-credentials";

// Sealed here with the service's key, as the OAuth callback would have.
const ENCRYPTION_KEY = randomBytes(32).toString("base64");

/**
 * Under the stock remix-serve the provider proxy, the deployed-tool surface and the SDK reach
 * the REST edge through the splat route (rest/routes/provider-proxy.ts, fetch-style).
 */
let service: RunningService;
let upstream: FakeOAuthProvider;
let appKey: string;

beforeAll(async () => {
  upstream = await startFakeOAuthProvider({ clientId: "rs-client", clientSecret: "rs-secret", requireBasicAuth: true });
  upstream.accessToken = "at-initial"; // the tokens of the connection stored below
  upstream.refreshToken = "rt-initial";
  service = await startService({
    label: "proxy-remixserve",
    command: ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"],
    env: {
      INTEGRATION_ENCRYPTION_KEY: ENCRYPTION_KEY,
      SESSION_SECRET: randomBytes(32).toString("base64"),
      SUPABASE_OAUTH_CLIENT_ID: "rs-client",
      SUPABASE_OAUTH_CLIENT_SECRET: "rs-secret",
      INTEGRATIONS_FILE: catalogFile([
        {
          slug: "supabase",
          name: "Supabase",
          oauth_client_config: { authorize_url: `${upstream.url}/v1/oauth/authorize`, token_url: `${upstream.url}/v1/oauth/token`, scopes: [], api_base_url: upstream.url },
        },
      ]),
    },
  });
  const user = await signUp(service);
  const tenantId = (await createTenant(service, user, uniqueSlug("rs"))).id;
  const appId = (await trpc(service, user, "apps.create", { name: "Tool" })).data.id;
  appKey = (await trpc(service, user, "keys.create", { appId })).data.apiKey;
  const sealed = sealWithKey(ENCRYPTION_KEY, { access_token: "at-initial", refresh_token: "rt-initial", expires_at: Math.floor(Date.now() / 1000) + 3600 });
  const connectionId = randomUUID();
  await service.db.query(
    `insert into connections (id, tenant_id, provider, external_id, display_name, profile, encrypted_credential, credential_key_id, metadata, created_by)
     values ($1, $2, 'supabase', 'svc_conn_rs', 'Org', 'first_party', $3, $4, '{}', $5)`,
    [connectionId, tenantId, sealed.ciphertext, sealed.keyId, user.userId],
  );
  await service.db.query(`insert into app_connection_bindings (app_id, provider, connection_id, tenant_id) values ($1, 'supabase', $2, $3)`, [appId, connectionId, tenantId]);
}, 90_000);

afterAll(async () => {
  await service?.stop();
  await upstream?.close();
});

it("serves the SDK, the tool surface and the provider proxy (headers stripped, refresh on 401) under remix-serve", async () => {
  const sdk = await fetch(`${service.url}/sdk/connect.js`);
  expect([sdk.status, sdk.headers.get("content-type")]).toEqual([200, "text/javascript; charset=utf-8"]);

  const jwt = await api(service, "/api/proxy/supabase/v1/projects", { headers: { authorization: "Bearer a.b.c" } });
  expect([jwt.status, jwt.body]).toEqual([401, { message: "Missing or invalid Bearer token" }]);

  const listed = await api(service, "/api/deployments/me/connections", { headers: { authorization: `Bearer ${appKey}` } });
  expect(listed.body.connections.map((c: { externalId: string }) => c.externalId)).toEqual(["svc_conn_rs"]);

  upstream.accessToken = "at-rotated"; // the stored token is refused: one refresh, then the call
  const res = await fetch(`${service.url}/api/proxy/supabase/v1/items?x=1`, {
    method: "POST",
    headers: { authorization: `Bearer ${appKey}`, "content-type": "text/plain", cookie: "svc_session=x", "x-svc-role": "owner" },
    body: "hello",
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("set-cookie")).toBeNull();
  expect(await res.json()).toEqual({ method: "POST", url: "/v1/items?x=1", body: "hello" });
  expect(upstream.refreshes).toBe(1);
  const last = upstream.requests.at(-1)!;
  expect([last.headers.authorization, last.headers.cookie, last.headers["x-svc-role"]]).toEqual([`Bearer ${upstream.accessToken}`, undefined, undefined]);

  const none = await api(service, "/api/proxy/github/user", { headers: { authorization: `Bearer ${appKey}` } });
  expect([none.status, none.body]).toEqual([404, { error: "connection_not_found" }]);
});
