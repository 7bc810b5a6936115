import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type RunningService } from "../support/service";
import { api, sessionCookieFrom, signUp, uniqueEmail } from "../support/http";

let service: RunningService;
beforeAll(async () => {
  service = await startService({ label: "session" });
});
afterAll(() => service?.stop());

async function submitForm(path: string, fields: Record<string, string>) {
  return fetch(`${service.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

describe("GET /api/auth/me", () => {
  it("answers anonymous callers with nulls, 200 and no-store", async () => {
    const res = await api(service, "/api/auth/me");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toEqual({ loggedIn: false, userId: null, email: null });
  });

  it("answers a signed-in caller with the raw user id and email", async () => {
    const user = await signUp(service);
    const res = await api(service, "/api/auth/me", { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ loggedIn: true, userId: user.userId, email: user.email });
    expect(user.userId).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await service.db.query("select email from auth_users where id = $1", [user.userId]);
    expect(rows.rows).toEqual([{ email: user.email }]);
  });

  it("treats a garbage, tampered or Bearer-only credential as anonymous", async () => {
    const user = await signUp(service);
    // Flip a character well inside the signature (the last one may only carry padding bits).
    const at = user.cookie.indexOf("~") - 10;
    const tampered = user.cookie.slice(0, at) + (user.cookie[at] === "A" ? "B" : "A") + user.cookie.slice(at + 1);
    for (const cookie of ["svc_session=garbage", "svc_session=a~b", tampered]) {
      const res = await api(service, "/api/auth/me", { cookie });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ loggedIn: false, userId: null, email: null });
    }
    const accessToken = user.cookie.slice("svc_session=".length).split("~")[0];
    const bearer = await api(service, "/api/auth/me", { headers: { authorization: `Bearer ${accessToken}` } });
    expect(bearer.body).toEqual({ loggedIn: false, userId: null, email: null });
  });

  it("refuses a request carrying two session cookies, cached or not, rather than taking the first (ADR 059)", async () => {
    const [visitor, planter] = await Promise.all([signUp(service), signUp(service)]);
    const signedOut = { loggedIn: false, userId: null, email: null };
    // Each alone is signed in, and now cached: the fast path must refuse the pair too.
    for (const user of [visitor, planter]) expect((await api(service, "/api/auth/me", { cookie: user.cookie })).body).toMatchObject({ loggedIn: true, userId: user.userId });
    // What a browser sends when a sibling host planted `svc_session` with Domain= and a longer Path: the planted one first.
    for (const cookie of [`${planter.cookie}; ${visitor.cookie}`, `${visitor.cookie}; ${planter.cookie}`, `${visitor.cookie}; ${visitor.cookie}`, `${visitor.cookie};svc_session=x`]) {
      const me = await api(service, "/api/auth/me", { cookie });
      expect([me.status, me.body]).toEqual([200, signedOut]);
      const user = await api(service, "/api/user/me", { cookie });
      expect([user.status, user.body]).toEqual([401, { message: "Unauthorized" }]);
    }
    // A cookie whose name only ends like ours is another cookie.
    expect((await api(service, "/api/auth/me", { cookie: `x${planter.cookie}; ${visitor.cookie}` })).body).toMatchObject({ loggedIn: true, userId: visitor.userId });
  });

  it("forgets the session at once after sign-out, even though it was cached", async () => {
    const user = await signUp(service);
    expect((await api(service, "/api/auth/me", { cookie: user.cookie })).body.loggedIn).toBe(true);
    const out = await fetch(`${service.url}/logout`, { method: "POST", headers: { cookie: user.cookie }, redirect: "manual" });
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie().join()).toMatch(/svc_session=;.*Max-Age=0/);
    const after = await api(service, "/api/auth/me", { cookie: user.cookie });
    expect(after.body).toEqual({ loggedIn: false, userId: null, email: null });
    const rows = await service.db.query("select revoked_at from auth_sessions where user_id = $1", [user.userId]);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].revoked_at).not.toBeNull();
  });
});

describe("X-Request-Id", () => {
  it("names every answer (fast path, REST, dashboard and 404 alike), keeping a trusted proxy's id", async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const ids = new Set<string>();
    for (const path of ["/api/auth/me", "/api/tenants/me", "/login", "/no-such-page"]) {
      const id = (await fetch(`${service.url}${path}`)).headers.get("x-request-id");
      expect([path, id]).toEqual([path, expect.stringMatching(uuid)]);
      ids.add(id!);
    }
    expect(ids.size).toBe(4);
    // The tests' client is the loopback, a trusted proxy by default (TRUSTED_PROXIES).
    expect((await fetch(`${service.url}/api/auth/me`, { headers: { "x-request-id": "lb-1234.5" } })).headers.get("x-request-id")).toBe("lb-1234.5");
    expect((await fetch(`${service.url}/api/auth/me`, { headers: { "x-request-id": "no spaces allowed" } })).headers.get("x-request-id")).toMatch(uuid);
  });
});

describe("dashboard forms /signup and /login", () => {
  it("signs up with 302 and an HttpOnly, SameSite=Lax, Path=/ session cookie", async () => {
    const email = uniqueEmail();
    const res = await submitForm("/signup", { email, password: "long enough pw" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("svc_session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    const rows = await service.db.query("select email, password_hash from auth_users where email = $1", [email]);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].password_hash).toMatch(/^scrypt\$/);
    expect(rows.rows[0].password_hash).not.toContain("long enough pw");
  });

  it("re-renders sign-up with an inline error and creates nothing for bad input", async () => {
    const existing = await signUp(service);
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ email: existing.email, password: "another password" }, /User already registered/],
      [{ email: uniqueEmail(), password: "short" }, /at least 8 characters/],
      [{ email: "not-an-email", password: "long enough pw" }, /Unable to validate email address/],
    ];
    const before = await service.db.query("select count(*)::int as n from auth_users");
    for (const [fields, message] of cases) {
      const res = await submitForm("/signup", fields);
      expect(res.status).toBe(400);
      expect(sessionCookieFrom(res.headers)).toBeUndefined();
      const html = await res.text();
      expect(html).toMatch(message);
      expect(html).toMatch(/role="alert"/);
    }
    const after = await service.db.query("select count(*)::int as n from auth_users");
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it("signs in with the right password and refuses the wrong one", async () => {
    const user = await signUp(service);
    const wrong = await submitForm("/login", { email: user.email, password: "wrong password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/Invalid login credentials/);
    expect(sessionCookieFrom(wrong.headers)).toBeUndefined();
    const right = await submitForm("/login", { email: user.email.toUpperCase(), password: user.password, redirectTo: "/settings" });
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/settings");
    const cookie = sessionCookieFrom(right.headers)!;
    expect((await api(service, "/api/auth/me", { cookie })).body).toEqual({ loggedIn: true, userId: user.userId, email: user.email });
  });

  it("never redirects off-site after sign-in", async () => {
    const user = await signUp(service);
    for (const redirectTo of ["https://evil.example", "//evil.example", "/\\evil.example"]) {
      const res = await submitForm("/login", { email: user.email, password: user.password, redirectTo });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/dashboard");
    }
  });
});

describe("administrators", () => {
  it("records the first account as the administrator, and only that one", async () => {
    const rows = await service.db.query("select count(*)::int as n from service_admins");
    expect(rows.rows[0].n).toBe(1);
  });
});
