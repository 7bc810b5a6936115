import { afterAll, beforeAll, expect, it } from "vitest";
import { startService, type RunningService } from "../support/service";
import { api, signUp, uniqueSlug } from "../support/http";

let service: RunningService;
beforeAll(async () => {
  service = await startService({ label: "ratelimit", env: { TENANT_CREATE_RATE_LIMIT: "3", TENANT_CREATE_RATE_WINDOW_SECONDS: "600" } });
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
