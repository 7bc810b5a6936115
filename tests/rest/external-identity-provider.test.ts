import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeIdentityProvider, type FakeIdentityProvider } from "../fakes/identity-provider";
import { startService, type RunningService } from "../support/service";
import { api } from "../support/http";
import { appRequest } from "../support/app-host";
import { headerPairs, startEchoUpstream, type EchoUpstream } from "../support/echo-upstream";

let idp: FakeIdentityProvider;
let service: RunningService;
let upstream: EchoUpstream;
const userId = randomUUID();
const tenantId = randomUUID();

beforeAll(async () => {
  [idp, upstream] = await Promise.all([startFakeIdentityProvider(), startEchoUpstream()]);
  service = await startService({ label: "extidp", env: { IDENTITY_PROVIDER_URL: idp.url } });
  // The hosted provider owns accounts; the workspace row stands in for one created earlier.
  await service.db.query(
    "insert into tenants (id, name, slug, owner_id, referral_code) values ($1, 'Hosted', $2, $3, 'HOSTED22')",
    [tenantId, `h-${tenantId.slice(0, 8)}`, userId],
  );
  await service.db.query("insert into tenant_memberships (tenant_id, user_id, role) values ($1, $2, 'owner')", [tenantId, userId]);
});
afterAll(async () => {
  await upstream?.close();
  await service?.stop();
  await idp?.stop();
});

const balance = (token: string) => api(service, "/api/v1/balance", { headers: { authorization: `Bearer ${token}` } });

it("verifies ES256 and RS256 tokens of a hosted provider through its JWKS, fetched once", async () => {
  for (const alg of ["ES256", "RS256"] as const) {
    const res = await balance(await idp.sign({ sub: userId, email: "hosted@example.com" }, { alg }));
    expect([alg, res.status, res.body.tenantId, res.body.balance]).toEqual([alg, 200, tenantId, "0.000000"]);
  }
  expect(idp.fetchCount).toBe(1);
});

it("refetches once for an unknown kid and keeps a flood of random kids bounded", async () => {
  const before = idp.fetchCount;
  const rotated = await idp.rotate("ES256");
  expect((await balance(await idp.sign({ sub: userId }, { alg: "ES256", kid: rotated }))).status).toBe(200);
  expect(idp.fetchCount).toBe(before + 1);
  const forged = await idp.sign({ sub: userId }, { alg: "ES256", kid: rotated });
  const [header, payload, signature] = forged.split(".");
  const results = await Promise.all(
    Array.from({ length: 200 }, () => {
      const h = Buffer.from(JSON.stringify({ alg: "ES256", kid: randomUUID() })).toString("base64url");
      return balance(`${h}.${payload}.${signature}`);
    }),
  );
  expect(results.every((r) => r.status === 401)).toBe(true);
  expect(idp.fetchCount).toBeLessThanOrEqual(before + 2);
  expect(header).toBeDefined();
});

it("keeps verifying with cached keys while the provider is down", async () => {
  idp.setDown(true, "503");
  const res = await balance(await idp.sign({ sub: userId }, { alg: "RS256" }));
  expect(res.status).toBe(200);
  idp.setDown(false);
});

it("makes a deployed tool a protected resource of the hosted provider: its metadata names it, its tokens for the tool get in", async () => {
  const slug = (await service.db.query("select slug from tenants where id = $1", [tenantId])).rows[0].slug as string;
  const app = await service.db.query("insert into apps (tenant_id, name, kind, created_by) values ($1, 'Tool', 'app', $2) returning id", [tenantId, userId]);
  await service.db.query("insert into deployments (tenant_id, app_id, name, upstream_url, created_by) values ($1, $2, 'tool', $3, $4)", [tenantId, app.rows[0].id, upstream.url, userId]);
  const host = `tool--${slug}.localhost:${new URL(service.url).port}`;
  const metadata = await appRequest(service.url, host, "/.well-known/oauth-protected-resource");
  expect(metadata.json().authorization_servers).toEqual([idp.issuer]);
  const token = await idp.sign({ sub: userId, email: "hosted@example.com", scope: "tools" }, { audience: `http://${host}/` });
  const res = await appRequest(service.url, host, "/", { rawHeaders: [["Authorization", `Bearer ${token}`]] });
  expect(res.status).toBe(200);
  const seen = Object.fromEntries(headerPairs(res.json().rawHeaders));
  expect([seen["x-svc-user-id"], seen["x-svc-user-email"], seen["x-svc-user-name"], seen["x-svc-role"], seen.authorization]).toEqual([userId, "hosted@example.com", "", "owner", undefined]);
  const dashboardToken = await idp.sign({ sub: userId, email: "hosted@example.com", scope: "tools" });
  expect((await appRequest(service.url, host, "/", { rawHeaders: [["Authorization", `Bearer ${dashboardToken}`]] })).status).toBe(401);
});

it("leaves the authorization server to the hosted provider: our metadata and OAuth endpoints say where it is (ADR 037)", async () => {
  const where = `This service's OAuth 2.1 authorization server is the identity provider's own, at ${idp.url}/auth/v1`;
  for (const path of ["/.well-known/oauth-authorization-server/auth/v1", "/auth/v1/.well-known/oauth-authorization-server", "/auth/v1/.well-known/openid-configuration"]) {
    const res = await api(service, path);
    expect([path, res.status, res.body]).toEqual([path, 404, { error: "not_found", error_description: where }]);
  }
  const token = await fetch(`${service.url}/auth/v1/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=refresh_token&refresh_token=x&client_id=x" });
  expect(token.status).toBe(404);
  expect(await token.json()).toEqual({ error: "not_found", error_description: where });
  const authorize = await fetch(`${service.url}/auth/v1/oauth/authorize?client_id=x`, { redirect: "manual" });
  expect(authorize.status).toBe(404);
  expect(await authorize.text()).toContain(`${idp.url}/auth/v1`);
  const clients = await service.db.query("select count(*)::int as n from oauth_records");
  expect(clients.rows[0].n).toBe(0);
});
