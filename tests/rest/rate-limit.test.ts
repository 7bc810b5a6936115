import { afterAll, beforeAll, expect, it } from "vitest";
import { startService, type RunningService } from "../support/service";
import { api, signUp, uniqueSlug } from "../support/http";

let service: RunningService;
beforeAll(async () => {
  service = await startService({ label: "ratelimit", env: { TENANT_CREATE_RATE_LIMIT: "3", TENANT_CREATE_RATE_WINDOW_SECONDS: "600", OAUTH_REGISTRATION_RATE_LIMIT_PER_ADDRESS: "2" } });
});
afterAll(() => service?.stop());

it("limits workspace creation per user, in PostgreSQL, with Retry-After", async () => {
  const user = await signUp(service);
  const attempt = () => api(service, "/api/tenants", { method: "POST", cookie: user.cookie, json: { name: "A", slug: uniqueSlug() } });
  expect((await attempt()).status).toBe(201);
  expect((await attempt()).status).toBe(409);
  expect((await attempt()).status).toBe(409);
  const limited = await attempt();
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ message: "Rate limit exceeded" });
  const retryAfter = Number(limited.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(590);
  expect(retryAfter).toBeLessThanOrEqual(600);
  const counter = await service.db.query("select hits from rate_limit_counters where key = $1", [`tenant-create:${user.userId}`]);
  expect(counter.rows).toEqual([{ hits: 4 }]);

  // Another user has a budget of their own.
  const other = await signUp(service);
  const res = await api(service, "/api/tenants", { method: "POST", cookie: other.cookie, json: { name: "B", slug: uniqueSlug() } });
  expect(res.status).toBe(201);
});

it("opens a new window once the old one has passed", async () => {
  const user = await signUp(service);
  const key = `tenant-create:${user.userId}`;
  await service.db.query("insert into rate_limit_counters (key, window_start, hits) values ($1, now() - interval '601 seconds', 99)", [key]);
  const res = await api(service, "/api/tenants", { method: "POST", cookie: user.cookie, json: { name: "A", slug: uniqueSlug() } });
  expect(res.status).toBe(201);
  const counter = await service.db.query("select hits from rate_limit_counters where key = $1", [key]);
  expect(counter.rows).toEqual([{ hits: 1 }]);
});

it("limits dynamic client registrations per address (RFC 7591), writing nothing once limited", async () => {
  const register = () =>
    fetch(`${service.url}/auth/v1/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Limited", redirect_uris: ["http://127.0.0.1:9/cb"], token_endpoint_auth_method: "none" }),
    });
  expect((await register()).status).toBe(201);
  expect((await register()).status).toBe(201);
  const limited = await register();
  expect(limited.status).toBe(429);
  expect(limited.headers.get("cache-control")).toBe("no-store");
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await limited.json()).toEqual({ error: "too_many_requests", error_description: "Too many client registrations from this address; try again later" });
  const rows = await service.db.query("select count(*)::int as n from oauth_records where kind = 'Client' and payload->>'client_name' = 'Limited'");
  expect(rows.rows[0].n).toBe(2);
});
