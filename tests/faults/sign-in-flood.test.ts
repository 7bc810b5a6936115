import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signUp, uniqueEmail, type TestUser } from "../support/http";
import { multipart, png } from "../support/images";
import { startService, type RunningService } from "../support/service";

/**
 * Issue 6 finding 5: wrong passwords, sign-ups and random API keys were never limited, and
 * a wrong-password flood starved uploads of the thread pool. The limits here are the
 * defaults a fresh clone runs with (tests/support/service.ts lifts the per-address ones for
 * other suites, since every test client is 127.0.0.1).
 */
describe("sign-in floods", () => {
  let service: RunningService;
  let victim: TestUser;

  beforeAll(async () => {
    service = await startService({
      label: "flood",
      env: {
        SIGNIN_RATE_LIMIT_PER_ACCOUNT: "10",
        SIGNIN_RATE_LIMIT_PER_ADDRESS: "50",
        SIGNUP_RATE_LIMIT_PER_ADDRESS: "20",
        KEY_FAILURE_RATE_LIMIT_PER_ADDRESS: "30",
      },
    });
    victim = await signUp(service);
  });
  afterAll(() => service?.stop());

  const passwordGrant = (email: string, password: string) =>
    api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email, password } });

  it("limits one account to 10 attempts a window, refuses even the right password meanwhile, and uploads keep working beside the flood", async () => {
    const upload = api(service, "/api/user/avatar", { method: "POST", cookie: victim.cookie, body: multipart("file", await png(400, 300)) });
    const flood = await Promise.all(Array.from({ length: 60 }, (_, i) => passwordGrant(victim.email, `wrong-password-${i}`)));
    const uploaded = await upload;
    expect(uploaded.status).toBe(200);

    const statuses = flood.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    const limited = flood.find((r) => r.status === 429)!;
    expect(limited.body).toMatchObject({ code: 429, error_code: "over_request_rate_limit" });
    expect(limited.body.msg).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    // The right password is refused too while the account is limited, on both doors.
    expect((await passwordGrant(victim.email, victim.password)).status).toBe(429);
    const form = await fetch(`${service.url}/login?index`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: victim.email, password: victim.password }),
      redirect: "manual",
    });
    expect(form.status).toBe(429);
    expect(form.headers.get("set-cookie")).toBeNull();
    expect(await form.text()).toContain("Too many sign-in attempts");
  });

  it("limits one client address across accounts", async () => {
    // 50 per address a window; the first test already made 62 attempts from here.
    const res = await passwordGrant(uniqueEmail("nobody"), "whatever-password");
    expect(res.status).toBe(429);
    const rows = await service.db.query("select key, hits from rate_limit_counters where key like 'signin-address:%'");
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].key).toBe("signin-address:127.0.0.1");
  });

  it("limits sign-ups per address: 20, then 429 and no account written", async () => {
    const before = (await service.db.query("select count(*)::int as n from auth_users")).rows[0].n;
    const results = [];
    for (let i = 0; i < 30; i++) {
      results.push(await api(service, "/auth/v1/signup", { method: "POST", json: { email: uniqueEmail("flood"), password: "correct horse battery" } }));
    }
    const after = (await service.db.query("select count(*)::int as n from auth_users")).rows[0].n;
    // beforeAll signed up one user from this address already.
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    expect(results.filter((r) => r.status === 429)).toHaveLength(11);
    expect(after - before).toBe(19);
    const page = await fetch(`${service.url}/signup?index`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: uniqueEmail("form"), password: "correct horse battery" }),
      redirect: "manual",
    });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many sign-up attempts");
  });

  it("limits failed key lookups per address: 30 answered 401, then 429 before any lookup", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const key = `svc_sk_${randomBytes(24).toString("base64url")}`;
      const res = await api(service, "/api/cli/whoami", { headers: { authorization: `Bearer ${key}` } });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toEqual({ message: "Rate limit exceeded" });
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  });
});
