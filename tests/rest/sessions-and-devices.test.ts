import { AuthClient } from "@supabase/auth-js";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { within } from "../support/within";
import { api, formSignIn, sessionCookieFrom, signUp, uniqueEmail, type TestUser } from "../support/http";
import { suiteServiceWithMail } from "../support/mail-service";
import { suiteService, type RunningService } from "../support/service";
import { CHROME_ON_MAC as CHROME, FIREFOX_ON_UBUNTU as FIREFOX } from "../support/user-agents";

/**
 * "Where you're signed in" (issue 20, section 3; docs/decisions/046): two real sign-ins from two
 * user agents, ending one from the other, auth-js's `signOut({ scope: "others" })`, the
 * last-active throttle and the new sign-in mail, through a real SMTP server.
 */

// Autoconfirm: sign-ups get a session at once, as without mail, but mail is on.
const { smtp, service: a } = suiteServiceWithMail({ label: "sessions", env: { MAILER_AUTOCONFIRM: "true" } });
/** A second instance on the same database: what another replica would be. */
const b = suiteService(() => ({ databaseUrl: a.databaseUrl, dataDir: a.dataDir, env: { SMTP_URL: smtp.url, MAILER_AUTOCONFIRM: "true", BASE_URL: a.url } }));

/** A dashboard sign-in through the plain HTML form, from a browser of the given user agent. */
async function signIn(person: { email: string; password: string }, userAgent: string): Promise<string> {
  const res = await formSignIn(a, person, userAgent);
  const cookie = sessionCookieFrom(res.headers);
  if (res.status !== 302 || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}

async function signUpFrom(userAgent: string): Promise<TestUser> {
  const email = uniqueEmail("devices");
  const password = "correct horse battery";
  const res = await fetch(`${a.url}/signup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": userAgent },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie = sessionCookieFrom(res.headers);
  if (res.status !== 302 || !cookie) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return { email, password, cookie, userId: (await api(a, "/api/auth/me", { cookie })).body.userId };
}

const sessionIdOf = (cookie: string) => String(decodeJwt(cookie.slice("svc_session=".length).split("~")[0]!).session_id);
const loggedIn = async (service: RunningService, cookie: string) => (await api(service, "/api/auth/me", { cookie })).body.loggedIn as boolean;


describe("GET /api/user/sessions", () => {
  it("lists each live browser session with browser, system, address and times, this one marked, grants left out", async () => {
    const person = await signUpFrom(FIREFOX);
    const chrome = await signIn(person, CHROME);
    // A row an OAuth grant owns (docs/decisions/037) is an authorized application, not a browser.
    await a.db.query(
      `insert into auth_sessions (id, user_id, refresh_token_hash, expires_at, oauth_client_id) values (gen_random_uuid(), $1, 'grant-' || gen_random_uuid(), now() + interval '1 day', 'some-client')`,
      [person.userId],
    );

    const res = await api(a, "/api/user/sessions", { cookie: chrome });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const sessions = res.body.sessions as Array<Record<string, unknown>>;
    expect(sessions.map(({ createdAt, lastActiveAt, ...rest }) => rest)).toEqual([
      { id: sessionIdOf(chrome), browser: "Chrome 131", system: "macOS Catalina", address: "127.0.0.1", current: true },
      { id: sessionIdOf(person.cookie), browser: "Firefox 133", system: "Linux", address: "127.0.0.1", current: false },
    ]);
    for (const session of sessions) {
      expect(Date.parse(session.createdAt as string)).not.toBeNaN();
      expect(Date.parse(session.lastActiveAt as string)).toBeGreaterThanOrEqual(Date.parse(session.createdAt as string));
    }
    // The other browser sees the same two, itself marked.
    const fromFirefox = (await api(a, "/api/user/sessions", { cookie: person.cookie })).body.sessions as Array<{ id: string; current: boolean }>;
    expect(fromFirefox.map((s) => [s.id, s.current])).toEqual([
      [sessionIdOf(person.cookie), true],
      [sessionIdOf(chrome), false],
    ]);
  });

  it("answers 401 without a session", async () => {
    const res = await api(a, "/api/user/sessions");
    expect([res.status, res.body]).toEqual([401, { message: "Unauthorized" }]);
  });

  it("writes last active at most once a minute: an old value is brought forward once, an immediate second request leaves it", async () => {
    const person = await signUpFrom(FIREFOX);
    const id = sessionIdOf(person.cookie);
    await a.db.query(`update auth_sessions set last_active_at = now() - interval '5 minutes' where id = $1`, [id]);
    const stale = (await a.db.query(`select last_active_at from auth_sessions where id = $1`, [id])).rows[0].last_active_at as Date;

    // B has not seen the session yet (A has: the sign-up's own check), so B's first use writes it.
    expect((await api(b, "/api/user/me", { cookie: person.cookie })).status).toBe(200);
    const first = (await a.db.query(`select last_active_at from auth_sessions where id = $1`, [id])).rows[0].last_active_at as Date;
    expect(first.getTime()).toBeGreaterThan(stale.getTime());

    // Within the minute: neither this instance nor another writes it again.
    expect((await api(a, "/api/user/me", { cookie: person.cookie })).status).toBe(200);
    expect((await api(b, "/api/user/me", { cookie: person.cookie })).status).toBe(200);
    const second = (await a.db.query(`select last_active_at from auth_sessions where id = $1`, [id])).rows[0].last_active_at as Date;
    expect(second.getTime()).toBe(first.getTime());
  });

  it("notes an auth-js session's use through its token as well, once a minute", async () => {
    const person = await signUpFrom(FIREFOX);
    const auth = new AuthClient({ url: `${a.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
    const { data } = await auth.signInWithPassword({ email: person.email, password: person.password });
    const id = String(decodeJwt(data.session!.access_token).session_id);
    await a.db.query(`update auth_sessions set last_active_at = now() - interval '5 minutes' where id = $1`, [id]);
    const lastActive = async () => ((await a.db.query(`select last_active_at from auth_sessions where id = $1`, [id])).rows[0].last_active_at as Date).getTime();
    const stale = await lastActive();

    expect((await auth.getUser()).data.user?.id).toBe(person.userId);
    const first = await lastActive();
    expect(first).toBeGreaterThan(stale);
    expect((await auth.getUser()).data.user?.id).toBe(person.userId);
    expect(await lastActive()).toBe(first);
  });
});

describe("DELETE /api/user/sessions/{sessionId}", () => {
  it("ends the other browser's session: it is refused on every instance within 1 s and leaves the list", async () => {
    const person = await signUpFrom(FIREFOX);
    const chrome = await signIn(person, CHROME);
    // Both instances have the Chrome session cached.
    expect([await loggedIn(a, chrome), await loggedIn(b, chrome)]).toEqual([true, true]);

    const res = await api(a, `/api/user/sessions/${sessionIdOf(chrome)}`, { method: "DELETE", cookie: person.cookie });
    expect([res.status, res.text]).toEqual([204, ""]);
    expect(await within(1000, async () => !(await loggedIn(a, chrome)) && !(await loggedIn(b, chrome)))).toBe(true);
    expect((await api(b, "/api/user/sessions", { cookie: chrome })).status).toBe(401);

    const left = (await api(a, "/api/user/sessions", { cookie: person.cookie })).body.sessions as Array<{ id: string }>;
    expect(left.map((s) => s.id)).toEqual([sessionIdOf(person.cookie)]);
    const row = await a.db.query(`select revoked_at from auth_sessions where id = $1`, [sessionIdOf(chrome)]);
    expect(row.rows[0].revoked_at).not.toBeNull();
  });

  it("answers 404 for another person's session, an OAuth grant's row, an ended session or a malformed id, and ends none", async () => {
    const person = await signUpFrom(FIREFOX);
    const stranger = await signUp(a);
    const grant = await a.db.query(
      `insert into auth_sessions (id, user_id, refresh_token_hash, expires_at, oauth_client_id) values (gen_random_uuid(), $1, 'grant-' || gen_random_uuid(), now() + interval '1 day', 'some-client') returning id`,
      [person.userId],
    );
    const ended = await signIn(person, CHROME);
    expect((await api(a, `/api/user/sessions/${sessionIdOf(ended)}`, { method: "DELETE", cookie: person.cookie })).status).toBe(204);

    for (const id of [sessionIdOf(stranger.cookie), grant.rows[0].id, sessionIdOf(ended), "not-a-uuid"]) {
      const res = await api(a, `/api/user/sessions/${id}`, { method: "DELETE", cookie: person.cookie });
      expect([res.status, res.body]).toEqual([404, { message: "Session not found" }]);
    }
    expect(await loggedIn(a, stranger.cookie)).toBe(true);
    const live = await a.db.query(`select revoked_at from auth_sessions where id = $1`, [grant.rows[0].id]);
    expect(live.rows[0].revoked_at).toBeNull();
  });

  it("answers 404, never a 500, for a hostile id in the path", async () => {
    const person = await signUpFrom(FIREFOX);
    for (const id of ["a%00b", "%ED%A0%80", "%E0%A4%A", encodeURIComponent("x".repeat(200)), encodeURIComponent("Acme\u202Etxt")]) {
      const res = await api(a, `/api/user/sessions/${id}`, { method: "DELETE", cookie: person.cookie });
      expect([id, res.status, res.body]).toEqual([id, 404, { message: "Session not found" }]);
    }
    expect(await loggedIn(a, person.cookie)).toBe(true);
  });

  it("refuses a write from another site before reading anything", async () => {
    const person = await signUpFrom(FIREFOX);
    const chrome = await signIn(person, CHROME);
    const res = await api(a, `/api/user/sessions/${sessionIdOf(chrome)}`, { method: "DELETE", cookie: person.cookie, headers: { origin: "https://elsewhere.example" } });
    expect(res.status).toBe(403);
    expect(await loggedIn(a, chrome)).toBe(true);
  });
});

describe("signing out everywhere else", () => {
  it("DELETE /api/user/sessions?scope=others ends every other browser session on every instance, keeps this one and OAuth grants", async () => {
    const person = await signUpFrom(FIREFOX);
    const others = [await signIn(person, CHROME), await signIn(person, CHROME)];
    for (const cookie of others) expect(await loggedIn(b, cookie)).toBe(true);
    const grant = await a.db.query(
      `insert into auth_sessions (id, user_id, refresh_token_hash, expires_at, oauth_client_id) values (gen_random_uuid(), $1, 'grant-' || gen_random_uuid(), now() + interval '1 day', 'some-client') returning id`,
      [person.userId],
    );

    const bare = await api(a, "/api/user/sessions", { method: "DELETE", cookie: person.cookie });
    expect([bare.status, bare.body]).toEqual([400, { message: 'scope must be "others": this session ends at DELETE /api/user/sessions/{id}' }]);
    expect(await loggedIn(a, others[0]!)).toBe(true);

    const res = await api(a, "/api/user/sessions?scope=others", { method: "DELETE", cookie: person.cookie });
    expect([res.status, res.body]).toEqual([200, { signedOut: 2 }]);
    for (const cookie of others) {
      expect(await within(1000, async () => !(await loggedIn(a, cookie)) && !(await loggedIn(b, cookie)))).toBe(true);
    }
    expect(await loggedIn(b, person.cookie)).toBe(true);
    const kept = await a.db.query(`select revoked_at from auth_sessions where id = $1`, [grant.rows[0].id]);
    expect(kept.rows[0].revoked_at).toBeNull();
  });

  it("auth-js's signOut({ scope: 'others' }), unmodified, ends the dashboard's sessions, keeps its own and OAuth grants", async () => {
    const person = await signUpFrom(FIREFOX);
    const auth = new AuthClient({ url: `${a.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
    expect((await auth.signInWithPassword({ email: person.email, password: person.password })).error).toBeNull();
    expect(await loggedIn(b, person.cookie)).toBe(true);
    const grant = await a.db.query(
      `insert into auth_sessions (id, user_id, refresh_token_hash, expires_at, oauth_client_id) values (gen_random_uuid(), $1, 'grant-' || gen_random_uuid(), now() + interval '1 day', 'some-client') returning id`,
      [person.userId],
    );

    expect((await auth.signOut({ scope: "others" })).error).toBeNull();
    expect(await within(1000, async () => !(await loggedIn(a, person.cookie)) && !(await loggedIn(b, person.cookie)))).toBe(true);
    expect((await auth.getUser()).data.user?.id).toBe(person.userId);
    // The same thing as "Sign out everywhere else": an authorized application is not a session.
    const kept = await a.db.query(`select revoked_at from auth_sessions where id = $1`, [grant.rows[0].id]);
    expect(kept.rows[0].revoked_at).toBeNull();
  });
});

describe("the new sign-in mail", () => {
  /** Quoted-printable undone: soft line breaks and `=XX` escapes. */
  const textOf = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const noticesTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email) && /^Subject: New sign-in to your account\r?$/m.test(mail.raw));

  it("is sent once for a browser and address pair not seen, never for a known pair, and again after 90 days", async () => {
    const person = await signUpFrom(FIREFOX);
    // The account's first pair is its sign-up: nothing is new yet.
    expect(noticesTo(person.email)).toHaveLength(0);
    await signIn(person, FIREFOX);
    expect(noticesTo(person.email)).toHaveLength(0);

    // The mail is sent before the sign-in answers.
    await signIn(person, CHROME);
    expect(noticesTo(person.email)).toHaveLength(1);
    const text = textOf(noticesTo(person.email)[0]!.raw);
    expect(text).toContain("Browser: Chrome 131 on macOS Catalina");
    expect(text).toContain("Address: 127.0.0.1");
    expect(text).toMatch(/Time: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    expect(text).toContain(`${a.url}/profile#sessions`);

    // Known now, and a browser update is the same browser.
    await signIn(person, CHROME);
    await signIn(person, CHROME.replace("Chrome/131", "Chrome/132"));
    await signIn(person, FIREFOX);
    expect(noticesTo(person.email)).toHaveLength(1);

    // Not seen for 91 days: new again.
    await a.db.query(`update auth_sign_in_devices set last_seen_at = now() - interval '91 days' where user_id = $1 and browser = 'Chrome on macOS'`, [person.userId]);
    await signIn(person, CHROME);
    expect(noticesTo(person.email)).toHaveLength(2);
  });

  it("a mail server that refuses the notice does not fail the sign-in", async () => {
    const person = await signUpFrom(FIREFOX);
    smtp.refuse(true);
    try {
      const cookie = await signIn(person, CHROME);
      expect(await loggedIn(a, cookie)).toBe(true);
    } finally {
      smtp.refuse(false);
    }
    expect(noticesTo(person.email)).toHaveLength(0);
  });

  it("a sign-in through the identity API (auth-js) counts the same", async () => {
    const person = await signUpFrom(FIREFOX);
    const res = await fetch(`${a.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { apikey: "anon", "content-type": "application/json", "user-agent": CHROME },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(res.status).toBe(200);
    expect(noticesTo(person.email)).toHaveLength(1);
  });
});
