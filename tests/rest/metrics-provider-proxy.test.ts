import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { api } from "../support/http";
import { appWithKey, signedInOwner, type TenantOwner } from "../support/actors";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "../fakes/oauth-provider";
import { startService, type RunningService } from "../support/service";
import { sealWithKey } from "../support/sealed-credentials";

/** The provider proxy's upstream in the metrics (README, Metrics): its answers timed, its failures counted. */

// Credentials are sealed with the service's key, as the OAuth callback would have.
const ENCRYPTION_KEY = randomBytes(32).toString("base64");

const TOKEN = "metrics-token-for-the-tests-0123456789";
const CLIENT = { clientId: "client-abc", clientSecret: "secret-xyz" };

let service: RunningService;
let provider: FakeOAuthProvider;
let owner: TenantOwner;
let appId: string;
let appKey: string;

beforeAll(async () => {
  provider = await startFakeOAuthProvider(CLIENT);
  const catalog = join(mkdtempSync(join(tmpdir(), "svc-catalog-")), "catalog.json");
  const row = (slug: string, apiBase: string) => ({
    slug,
    name: slug,
    oauth_client_config: { authorize_url: `${provider.url}/v1/oauth/authorize`, token_url: `${provider.url}/v1/oauth/token`, scopes: [], api_base_url: apiBase },
  });
  // Port 9 (discard) is closed here: the "down" provider cannot be reached.
  writeFileSync(catalog, JSON.stringify({ integrations: [row("supabase", provider.url), row("down", "http://127.0.0.1:9")] }));
  service = await startService({
    label: "metrics-provider-proxy",
    env: {
      METRICS_TOKEN: TOKEN,
      INTEGRATION_ENCRYPTION_KEY: ENCRYPTION_KEY,
      INTEGRATIONS_FILE: catalog,
      SUPABASE_OAUTH_CLIENT_ID: CLIENT.clientId,
      SUPABASE_OAUTH_CLIENT_SECRET: CLIENT.clientSecret,
      DOWN_OAUTH_CLIENT_ID: CLIENT.clientId,
      DOWN_OAUTH_CLIENT_SECRET: CLIENT.clientSecret,
    },
  });
  owner = await signedInOwner(service, { slugPrefix: "metrics" });
  ({ appId, apiKey: appKey } = await appWithKey(service, owner.user, "Reporter"));
  for (const slug of ["supabase", "down"]) {
    const id = randomUUID();
    const sealed = sealWithKey(ENCRYPTION_KEY, { ...provider.mintTokens(), expires_at: Math.floor(Date.now() / 1000) + 3600 } as never);
    await service.db.query(
      `insert into connections (id, tenant_id, provider, external_id, display_name, profile, encrypted_credential, credential_key_id, metadata, created_by)
       values ($1, $2, $3, $4, $5, 'first_party', $6, $7, '{}', $8)`,
      [id, owner.tenantId, slug, `svc_conn_${randomBytes(9).toString("base64url")}`, `${slug} account`, sealed.ciphertext, sealed.keyId, owner.user.userId],
    );
    await service.db.query(`insert into app_connection_bindings (app_id, provider, connection_id, tenant_id) values ($1, $2, $3, $4)`, [appId, slug, id, owner.tenantId]);
  }
}, 90_000);

afterAll(async () => {
  await service?.stop();
  await provider?.close();
});

const metric = async (name: string, labels: Record<string, string>): Promise<number | undefined> => {
  const res = await api(service, "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = res.text.split("\n").find((l) => l.startsWith(`${name}{`) && wanted.every((pair) => l.includes(pair)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
};

it("times the provider's answer and labels the request provider-proxy, never by its path", async () => {
  const res = await fetch(`${service.url}/api/proxy/supabase/v1/projects`, { headers: { authorization: `Bearer ${appKey}` } });
  expect(res.status).toBe(200);
  expect(await metric("proxy_upstream_duration_seconds_count", { proxy: "provider" })).toBe(1);
  expect(await metric("http_request_duration_seconds_count", { route: "provider-proxy", status_class: "2xx" })).toBe(1);
  const text = (await api(service, "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).text;
  expect(text).not.toContain("/v1/projects");
});

it("counts a provider that cannot be reached", async () => {
  const res = await fetch(`${service.url}/api/proxy/down/v1/projects`, { headers: { authorization: `Bearer ${appKey}` } });
  expect(res.status).toBe(502);
  expect(await metric("proxy_upstream_errors_total", { proxy: "provider", reason: "unreachable" })).toBe(1);
  expect(await metric("http_request_duration_seconds_count", { route: "provider-proxy", status_class: "5xx" })).toBe(1);
});
