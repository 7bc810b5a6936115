import { afterAll, beforeAll, expect, it } from "vitest";
import { startService, type RunningService } from "../support/service";
import { api, uniqueEmail } from "../support/http";

let service: RunningService;
beforeAll(async () => {
  service = await startService({ label: "https", env: { BASE_URL: "https://svc.example.test", ADMIN_EMAILS: "boss@example.com" } });
});
afterAll(() => service?.stop());

it("marks the session cookie Secure when BASE_URL is https", async () => {
  const res = await fetch(`${service.url}/signup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: uniqueEmail(), password: "password123" }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("svc_session="))!;
  expect(cookie).toMatch(/; Secure/);
  expect(cookie).toMatch(/HttpOnly/);
  const me = await api(service, "/api/auth/me", { cookie: cookie.split(";")[0] });
  expect(me.body.loggedIn).toBe(true);
});

it("with ADMIN_EMAILS set, the first account is not recorded as administrator", async () => {
  const rows = await service.db.query("select count(*)::int as n from service_admins");
  expect(rows.rows[0].n).toBe(0);
});
