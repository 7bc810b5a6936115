import { afterAll, beforeAll, expect, it } from "vitest";
import { startService, type RunningService } from "../support/service";
import { api, uniqueEmail } from "../support/http";

let service: RunningService;
beforeAll(async () => {
  service = await startService({ label: "https", env: { BASE_URL: "https://svc.example.test", ADMIN_EMAILS: "boss@example.com" } });
});
afterAll(() => service?.stop());

it("names the session cookie __Host-svc_session, Secure and host-only, when BASE_URL is https, and reads only that name (ADR 059)", async () => {
  const res = await fetch(`${service.url}/signup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: uniqueEmail(), password: "password123" }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  expect(res.headers.getSetCookie().filter((c) => c.includes("svc_session="))).toEqual([expect.stringMatching(/^__Host-svc_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/)]);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-svc_session="))!;
  const me = await api(service, "/api/auth/me", { cookie: cookie.split(";")[0] });
  expect(me.body.loggedIn).toBe(true);
  // The same value under the http name is no session here, and neither is a pair of them.
  const value = cookie.split(";")[0]!.slice("__Host-svc_session=".length);
  expect((await api(service, "/api/auth/me", { cookie: `svc_session=${value}` })).body.loggedIn).toBe(false);
  expect((await api(service, "/api/user/me", { cookie: `svc_session=${value}` })).status).toBe(401);
  expect((await api(service, "/api/auth/me", { cookie: `__Host-svc_session=${value}; __Host-svc_session=${value}` })).body.loggedIn).toBe(false);
});

it("with ADMIN_EMAILS set, the first account is not recorded as administrator", async () => {
  const rows = await service.db.query("select count(*)::int as n from service_admins");
  expect(rows.rows[0].n).toBe(0);
});
