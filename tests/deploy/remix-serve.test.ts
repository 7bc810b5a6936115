import { afterAll, beforeAll, expect, it } from "vitest";
import { startService, stopChild, type RunningService } from "../support/service";
import { api, createTenant, signUp, uniqueSlug } from "../support/http";
import { multipart, png } from "../support/images";

let service: RunningService;
beforeAll(async () => {
  // The stock Remix server on the same build: every API path goes through the splat route.
  // An empty database: under this host the first request starts the runtime, which migrates it.
  service = await startService({ label: "remixserve", emptyDatabase: true, command: ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"] });
});
afterAll(() => service?.stop());

it("serves the dashboard and every API path under remix-serve", async () => {
  const login = await fetch(`${service.url}/login`);
  expect(login.status).toBe(200);
  expect(await login.text()).toMatch(/<form[^>]*method="post"/i);

  const anon = await api(service, "/api/auth/me");
  expect([anon.status, anon.body, anon.headers.get("cache-control")]).toEqual([200, { loggedIn: false, userId: null, email: null }, "no-store"]);

  const user = await signUp(service);
  expect((await api(service, "/api/auth/me", { cookie: user.cookie })).body).toEqual({ loggedIn: true, userId: user.userId, email: user.email });
  const tenant = await createTenant(service, user, uniqueSlug());
  const check = await api(service, `/api/tenants/check-slug?slug=${tenant.slug}`, { cookie: user.cookie });
  expect(check.body).toEqual({ available: true });
  const reserved = await api(service, "/api/tenants", { method: "POST", cookie: user.cookie, json: { name: "x", slug: "api" } });
  expect([reserved.status, reserved.body.code]).toEqual([400, "SLUG_RESERVED"]);

  const logo = await api(service, "/api/tenants/me/logo", { method: "PUT", cookie: user.cookie, body: multipart("file", await png()) });
  expect(logo.status).toBe(200);
  const served = await fetch(logo.body.logoUrl);
  expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/png"]);

  const jwks = await api(service, "/auth/v1/.well-known/jwks.json");
  expect(jwks.body.keys).toHaveLength(1);
  const page = await fetch(`${service.url}/no-such-page`);
  expect(page.status).toBe(404);
  expect(await page.text()).toMatch(/Page not found/);
  const unknown = await api(service, "/api/nope");
  expect([unknown.status, unknown.body]).toEqual([404, { message: "Not found" }]);
});

it("stops cleanly on SIGTERM (the database connections do not keep it alive)", async () => {
  // Exit code 0, not the SIGKILL that stopChild sends when the process is still there after 5 s.
  expect(await stopChild(service.child, 5_000)).toBe(0);
});
