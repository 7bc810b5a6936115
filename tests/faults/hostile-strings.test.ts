import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signBuiltIn } from "../support/built-in-keys";
import { api, createTenant, signUp, uniqueEmail, uniqueSlug, type TestUser } from "../support/http";
import { startService, type RunningService } from "../support/service";
import { trpc } from "../support/trpc";
import { HOSTILE } from "../support/hostile-strings";

/**
 * Issue 6 finding 6: a NUL or a lone surrogate in a name reached PostgreSQL and came back
 * as a 500. Every hostile string on every JSON endpoint that takes text must now be a 4xx
 * in the endpoint's own shape, and nothing may be written.
 */
const cases = Object.entries(HOSTILE);
const isHuge = (value: string) => value.length > 64 * 1024;

describe("hostile strings on every text field", () => {
  let service: RunningService;
  let admin: TestUser;
  let tenantId: string;
  let appId: string;

  beforeAll(async () => {
    service = await startService({ label: "hostile" });
    admin = await signUp(service); // the first account is the administrator
    tenantId = (await createTenant(service, admin, uniqueSlug("hostile"), "Safe name")).id;
    appId = (await trpc(service, admin, "apps.create", { name: "Safe app" })).data.id;
  });
  afterAll(() => service?.stop());

  const row = async () =>
    (await service.db.query("select t.name, t.slug, u.user_metadata from tenants t join auth_users u on u.id = t.owner_id where t.id = $1", [tenantId])).rows[0];

  /** 400 with the field's message, or 413 for a body over the 64 KB JSON cap; never a 5xx. */
  function expectRefused(res: { status: number; body: any }, message: string, value: string) {
    if (isHuge(value)) {
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: "Request body too large" });
    } else {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  }

  it.each(cases)("POST /api/tenants refuses a name with %s and writes nothing", async (_label, value) => {
    const someone = await signUp(service);
    const res = await api(service, "/api/tenants", { method: "POST", cookie: someone.cookie, json: { name: value, slug: uniqueSlug("h") } });
    expectRefused(res, "Invalid name or slug", value);
    expect((await service.db.query("select count(*)::int as n from tenants where owner_id = $1", [someone.userId])).rows[0].n).toBe(0);
  });

  it.each(cases)("POST /api/tenants refuses a slug with %s", async (_label, value) => {
    const someone = await signUp(service);
    const res = await api(service, "/api/tenants", { method: "POST", cookie: someone.cookie, json: { name: "Fine", slug: value } });
    expectRefused(res, "Invalid name or slug", value);
  });

  it.each(cases)("PATCH /api/tenants/me refuses a name or slug with %s", async (_label, value) => {
    const before = await row();
    expectRefused(await api(service, "/api/tenants/me", { method: "PATCH", cookie: admin.cookie, json: { name: value } }), "Workspace name must be 1-100 characters", value);
    expectRefused(
      await api(service, "/api/tenants/me", { method: "PATCH", cookie: admin.cookie, json: { slug: value } }),
      "Slug must be 2-20 characters, lowercase alphanumeric and hyphens",
      value,
    );
    expect(await row()).toEqual(before);
  });

  it.each(cases)("PATCH /api/user/me refuses a displayName with %s", async (_label, value) => {
    const before = await row();
    const res = await api(service, "/api/user/me", { method: "PATCH", cookie: admin.cookie, json: { displayName: value } });
    expectRefused(res, "Display name cannot contain control characters", value);
    expect(await row()).toEqual(before);
  });

  it.each(cases)("GET /api/tenants/check-slug refuses %s as INVALID_SLUG", async (_label, value) => {
    // A URL cannot carry an unpaired surrogate: send the bytes one would become (not UTF-8).
    const encoded = value.includes("\ud800") ? "Acme%ED%A0%80" : value.includes("\udfff") ? "%ED%BF%BFAcme" : encodeURIComponent(isHuge(value) ? value.slice(0, 4000) : value);
    const res = await api(service, `/api/tenants/check-slug?slug=${encoded}`, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ available: false, code: "INVALID_SLUG" });
  });

  it.each(cases)("the built-in provider refuses %s in display_name (sign-up and user update)", async (_label, value) => {
    const email = uniqueEmail("hostile");
    const signup = await api(service, "/auth/v1/signup", { method: "POST", json: { email, password: "correct horse battery", data: { display_name: value } } });
    expect(signup.status).toBe(isHuge(value) ? 413 : 400);
    expect(signup.body).toMatchObject(isHuge(value) ? { code: 413, error_code: "request_too_large" } : { code: 400, error_code: "validation_failed" });
    expect((await service.db.query("select count(*)::int as n from auth_users where email = $1", [email])).rows[0].n).toBe(0);

    const token = (await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: admin.email, password: admin.password } })).body.access_token;
    const before = await row();
    const update = await api(service, "/auth/v1/user", { method: "PUT", headers: { authorization: `Bearer ${token}` }, json: { data: { display_name: value } } });
    expect(update.status).toBe(isHuge(value) ? 413 : 400);
    expect(await row()).toEqual(before);
  });

  it.each(cases)("sign-up and sign-in with %s as the email are refused, not a 500", async (_label, value) => {
    const signup = await api(service, "/auth/v1/signup", { method: "POST", json: { email: value, password: "correct horse battery" } });
    expect(signup.status).toBe(isHuge(value) ? 413 : 400);
    const signin = await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: value, password: "correct horse battery" } });
    expect(signin.status).toBe(isHuge(value) ? 413 : 400);
  });

  it.each(cases)("a password holding %s never breaks the provider", async (_label, value) => {
    const email = uniqueEmail("pw");
    const signup = await api(service, "/auth/v1/signup", { method: "POST", json: { email, password: value } });
    expect([200, 413, 422]).toContain(signup.status);
    const signin = await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email, password: value } });
    expect([200, 400, 413]).toContain(signin.status);
  });

  it.each(cases)("the dashboard's app, variable and credit forms refuse %s (tRPC)", async (_label, value) => {
    const created = await trpc(service, admin, "apps.create", { name: value });
    expect(created.status).toBe(isHuge(value) ? 413 : 400);
    const apps = await service.db.query("select name from apps where tenant_id = $1", [tenantId]);
    expect(apps.rows.map((r) => r.name)).toEqual(["Safe app"]);

    const env = await trpc(service, admin, "apps.setEnv", { appId, key: "API_URL", value });
    const multiLineAllowed = value === HOSTILE.newline || value === HOSTILE.tab || value === HOSTILE["bell (C0 control)"] || value === HOSTILE["C1 control"] || value === HOSTILE["right-to-left override"] || value === HOSTILE["line separator"];
    if (multiLineAllowed) expect(env.status).toBe(200);
    else expect(env.status).toBe(isHuge(value) ? 413 : 400);

    const adjust = await trpc(service, admin, "billing.adjust", { tenantId, direction: "grant", amount: "1", reference: value });
    expect(adjust.status).toBe(isHuge(value) ? 413 : 400);
    expect((await service.db.query("select count(*)::int as n from credit_ledger where tenant_id = $1 and kind <> 'welcome_grant'", [tenantId])).rows[0].n).toBe(0);
  });

  it.each(cases)("issue 10's fields refuse %s: key name, app rename, delete confirmation, history cursor (tRPC)", async (_label, value) => {
    const refused = isHuge(value) ? 413 : 400;
    expect((await trpc(service, admin, "keys.create", { appId, name: value })).status).toBe(refused);
    expect((await service.db.query("select count(*)::int as n from app_keys where app_id = $1", [appId])).rows[0].n).toBe(0);
    expect((await trpc(service, admin, "apps.rename", { appId, name: value })).status).toBe(refused);
    expect((await trpc(service, admin, "apps.remove", { appId, confirmName: value })).status).toBe(refused);
    expect((await service.db.query("select name from apps where id = $1", [appId])).rows).toEqual([{ name: "Safe app" }]);
    if (!isHuge(value)) expect((await trpc(service, admin, "billing.history", { cursor: value }, "query")).status).toBe(400);
  });

  // A form cannot carry an unpaired surrogate either (the browser sends U+FFFD instead).
  const formCases = cases.filter(([label, v]) => !isHuge(v) && !label.includes("surrogate"));
  it.each(formCases)("dashboard forms answer %s with the field's message", async (_label, value) => {
    const post = (path: string, fields: Record<string, string>) =>
      fetch(`${service.url}${path}`, {
        method: "POST",
        headers: { cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const rename = await post("/settings?index&_data=routes%2Fsettings", { intent: "rename", name: value });
    expect(rename.status).toBe(400);
    expect((await rename.json()).fieldErrors).toEqual({ name: "Workspace name must be 1-100 characters" });
    const profile = await post("/profile?index&_data=routes%2Fprofile", { intent: "profile", displayName: value });
    expect(profile.status).toBe(400);
    expect((await profile.json()).fieldErrors).toEqual({ displayName: "Display name cannot contain control characters" });
  });

  it("keeps names that are merely unusual: accents, scripts, emoji with joiners", async () => {
    const name = "Ça va 東京 👩‍💻 Ω";
    const res = await api(service, "/api/tenants/me", { method: "PATCH", cookie: admin.cookie, json: { name } });
    expect(res.status).toBe(200);
    expect((await row()).name).toBe(name);
    const me = await api(service, "/api/user/me", { method: "PATCH", cookie: admin.cookie, json: { displayName: name } });
    expect(me.body.displayName).toBe(name);
  });

  it("answers a validly signed identity token whose sub is not a UUID with 401, not a 500", async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const sub of ["not-a-uuid", "1 or 1=1", `${admin.userId}\u0000`]) {
      const token = await signBuiltIn(service.dataDir, { sub, email: admin.email }, { issuer: `${service.url}/auth/v1`, iatSeconds: now, expSeconds: now + 600 });
      const res = await api(service, "/api/v1/balance", { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Invalid identity token" });
    }
  });

  it.each([
    ["/%09/evil.com", "tab"],
    ["/%0A/evil.com", "newline"],
    ["/%0D/evil.com", "carriage return"],
    ["/%5Cevil.com", "backslash"],
    ["//evil.com", "protocol-relative"],
    ["/..//evil.com", "dot segments climbing to //host"],
    ["https://evil.com/", "absolute URL"],
    ["javascript:alert(1)", "javascript: URL"],
  ])("signing in with redirectTo=%s (%s) lands on /dashboard", async (raw, _label) => {
    const user = await signUp(service);
    const res = await fetch(`${service.url}/login?index`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(user.password)}&redirectTo=${raw.startsWith("/%") ? raw : encodeURIComponent(raw)}`,
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
  });

  it("keeps a same-origin redirectTo", async () => {
    const user = await signUp(service);
    const res = await fetch(`${service.url}/login?index`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: user.email, password: user.password, redirectTo: "/settings?tab=logo" }),
      redirect: "manual",
    });
    expect(res.headers.get("location")).toBe("/settings?tab=logo");
  });
});
