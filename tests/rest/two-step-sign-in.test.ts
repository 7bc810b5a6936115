import { describe, expect, it } from "vitest";
import { enrolAuthenticator } from "../support/authenticator";
import { api, createTenant, sessionCookieFrom, signUp, uniqueSlug, type TestUser, passwordSignIn, postForm } from "../support/http";
import { sharedService } from "../support/shared-service";

/**
 * Issue 20, 1 (ADR 049): a dashboard sign-in of a person with a verified authenticator app
 * takes the password and then a code. Between the two, the cookie reaches the second page
 * and sign-out only; `/api/auth/me` says `loggedIn: false`.
 */
const service = sharedService();

const WRONG_CODE = "That code is not right. Enter the current 6-digit code from your authenticator app, or an unused recovery code.";

const post = (path: string, fields: Record<string, string>, cookie?: string) => postForm(service, path, fields, cookie);

const passwordStep = (person: TestUser, redirectTo?: string) => passwordSignIn(service, person, redirectTo);

async function personWithApp() {
  const person = await signUp(service);
  await createTenant(service, person, uniqueSlug("two"));
  const app = await enrolAuthenticator(service, person);
  return { person, ...app };
}

/** The second page's answer to a code, as a browser without JavaScript posts it. */
async function codeStep(cookie: string, code: string) {
  const res = await post("/login/two-step", { code, redirectTo: "/settings" }, cookie);
  return { status: res.status, location: res.headers.get("location"), cookie: sessionCookieFrom(res.headers), text: await res.text(), retryAfter: res.headers.get("retry-after") };
}

describe("two-step sign-in in the dashboard", () => {
  it("after the password, the cookie reaches only the second page and sign-out; /api/auth/me says loggedIn: false", async () => {
    const { person } = await personWithApp();
    const { cookie, location } = await passwordStep(person, "/settings");
    expect(location).toBe("/login/two-step?redirectTo=%2Fsettings");

    const me = await api(service, "/api/auth/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("no-store");
    expect(me.body).toEqual({ loggedIn: false, userId: null, email: null });
    // The workspace API, the browser's tRPC and the pages refuse it or send it to the second page.
    expect(await api(service, "/api/tenants/me", { cookie })).toMatchObject({ status: 401, body: { message: "Unauthorized" } });
    expect((await api(service, "/api/user/me", { cookie })).status).toBe(401);
    expect((await api(service, "/api/trpc/users.me", { cookie })).status).toBe(401);
    for (const page of ["/dashboard", "/profile", "/settings", "/keys"]) {
      const res = await api(service, page, { cookie });
      expect(res.status, page).toBe(302);
      expect(res.headers.get("location"), page).toBe(`/login/two-step?redirectTo=${encodeURIComponent(page)}`);
    }
    expect((await api(service, "/login", { cookie })).headers.get("location")).toBe("/login/two-step");
    const page = await api(service, "/login/two-step", { cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Two-step sign-in");
    expect(page.text).toContain(person.email);
    // Sign-out works from there.
    const out = await post("/logout", {}, cookie);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/logout");
    expect((await api(service, "/login/two-step", { cookie })).headers.get("location")).toBe("/login");
  });

  it("a wrong code is refused with a clear message; the right one signs in and goes where the person was headed", async () => {
    const { person, nextCode } = await personWithApp();
    const { cookie } = await passwordStep(person);
    const wrong = await codeStep(cookie, "000000");
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(WRONG_CODE);
    expect(wrong.cookie).toBeUndefined();

    const right = await codeStep(cookie, nextCode());
    expect(right.status).toBe(302);
    expect(right.location).toBe("/settings");
    expect(right.cookie).toBeDefined();
    expect((await api(service, "/api/auth/me", { cookie: right.cookie })).body).toEqual({ loggedIn: true, userId: person.userId, email: person.email });
    expect((await api(service, "/api/tenants/me", { cookie: right.cookie })).status).toBe(200);
    const [row] = (await service.db.query("select aal, mfa_method from auth_sessions where user_id = $1 and revoked_at is null", [person.userId])).rows;
    expect(row).toEqual({ aal: "aal2", mfa_method: "totp" });
  });

  it("after 5 wrong codes in 5 minutes the page says how long to wait, and the right code is refused too", async () => {
    const { person, nextCode } = await personWithApp();
    const { cookie } = await passwordStep(person);
    for (let i = 0; i < 5; i++) expect((await codeStep(cookie, String(100000 + i))).status).toBe(400);
    const limited = await codeStep(cookie, nextCode());
    expect(limited.status).toBe(429);
    const seconds = Number(limited.retryAfter);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(300);
    expect(limited.text).toContain(`Too many attempts. Try again in ${seconds} s.`);
    expect((await api(service, "/api/auth/me", { cookie })).body.loggedIn).toBe(false);
  });

  it("a recovery code signs in once, in any case and with dashes; the second time it is refused", async () => {
    const { person, recoveryCodes } = await personWithApp();
    const first = await passwordStep(person);
    const code = recoveryCodes[0]!;
    const used = await codeStep(first.cookie, code.toUpperCase().replace(/(.{4})(?!$)/g, "$1-"));
    expect(used.status).toBe(302);
    expect((await api(service, "/api/auth/me", { cookie: used.cookie })).body.loggedIn).toBe(true);
    const [row] = (await service.db.query("select count(*)::int as used from auth_mfa_recovery_codes c join auth_mfa_factors f on f.id = c.factor_id where f.user_id = $1 and c.used_at is not null", [person.userId])).rows;
    expect(row.used).toBe(1);

    const again = await passwordStep(person);
    const refused = await codeStep(again.cookie, code);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(WRONG_CODE);
  });

  it("a person without an app signs in with the password alone", async () => {
    const person = await signUp(service);
    const { cookie, location } = await passwordStep(person);
    expect(location).toBe("/dashboard");
    expect((await api(service, "/api/auth/me", { cookie })).body.loggedIn).toBe(true);
  });

  /** A session past both steps, for the profile's forms. */
  async function fullySignedIn(person: TestUser, code: string) {
    const { cookie } = await passwordStep(person);
    const entered = await codeStep(cookie, code);
    expect(entered.status).toBe(302);
    return entered.cookie!;
  }

  /** The profile's action as the page's fetcher calls it (JSON back). */
  async function profileForm(cookie: string, fields: Record<string, string>) {
    const res = await post("/profile?_data=routes%2Fprofile", fields, cookie);
    return { status: res.status, body: await res.json(), cookie: sessionCookieFrom(res.headers) };
  }

  it("regenerating recovery codes answers 10 new ones once; every old code dies", async () => {
    const { person, recoveryCodes } = await personWithApp();
    const cookie = await fullySignedIn(person, recoveryCodes[1]!);
    const regenerated = await profileForm(cookie, { intent: "regenerateCodes" });
    expect(regenerated.status).toBe(200);
    const fresh: string[] = regenerated.body.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    const [row] = (await service.db.query("select count(*)::int as total, count(*) filter (where used_at is null)::int as unused from auth_mfa_recovery_codes c join auth_mfa_factors f on f.id = c.factor_id where f.user_id = $1", [person.userId])).rows;
    expect(row).toEqual({ total: 10, unused: 10 });
    // The profile never shows them again: only how many are left.
    const page = await api(service, "/profile?_data=routes%2Fprofile", { cookie });
    expect(page.body.twoStep).toEqual({ available: true, enabled: true, recoveryRemaining: 10, securityKeys: [] });
    expect(page.text).not.toContain(fresh[0]);

    const old = await passwordStep(person);
    expect((await codeStep(old.cookie, recoveryCodes[0]!)).text).toContain(WRONG_CODE);
    expect((await codeStep(old.cookie, fresh[0]!)).status).toBe(302);
  });

  it("removing two-step sign-in takes a fresh code; then the password alone signs in again", async () => {
    // Signed in with a recovery code, so the app's next code is still fresh for the removal.
    const { person, nextCode, recoveryCodes } = await personWithApp();
    const cookie = await fullySignedIn(person, recoveryCodes[0]!);
    const empty = await profileForm(cookie, { intent: "removeTwoStep", code: "" });
    expect(empty).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { code: "Enter the 6-digit code your authenticator app shows." } } });
    const wrong = await profileForm(cookie, { intent: "removeTwoStep", code: "000000" });
    expect(wrong).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { code: "That code is not right. Enter the current 6-digit code from your authenticator app." } } });
    expect((await service.db.query("select factor_type from auth_mfa_factors where user_id = $1 order by factor_type", [person.userId])).rows).toEqual([{ factor_type: "recovery_code" }, { factor_type: "totp" }]);

    const removed = await profileForm(cookie, { intent: "removeTwoStep", code: nextCode() });
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    expect((await service.db.query("select 1 from auth_mfa_factors where user_id = $1", [person.userId])).rowCount).toBe(0);
    expect((await api(service, "/api/auth/me", { cookie: removed.cookie })).body.loggedIn).toBe(true);
    const { cookie: next, location } = await passwordStep(person);
    expect(location).toBe("/dashboard");
    expect((await api(service, "/api/auth/me", { cookie: next })).body.loggedIn).toBe(true);
  });
});
