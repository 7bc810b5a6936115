import { AuthClient } from "@supabase/auth-js";
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { invitedPerson, signedInOwner, type TenantOwner } from "../support/actors";
import { api, formSignIn, sessionCookieFrom, signUp, type TestUser } from "../support/http";
import { sharedService } from "../support/shared-service";
import { trpc } from "../support/trpc";
import { CHROME_ON_MAC as CHROME, FIREFOX_ON_UBUNTU as FIREFOX } from "../support/user-agents";

/**
 * Issue 20 section 4: "a person sees their own account's rows on the profile page" (ADR 047).
 * Account events are written in every workspace of the person; `accountActivity.list` (the
 * profile page's procedure) gives the signed-in person theirs once each, from the workspaces
 * they are still in, whatever their role, and never another person's.
 */
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("recent account activity", () => {
  const service = sharedService();
  /** The person whose profile is read: a member of `a` and a viewer of `c`, formerly a viewer of `b`. */
  let person: TestUser;
  /** Another member of `a` (a viewer), and owner of `d`, a workspace the person was never in. */
  let other: TestUser;
  let a: TenantOwner;
  /** The person's browser session from the first test (setting up two-step sign-in ended their earlier ones). */
  let firefoxCookie = "";

  beforeAll(async () => {
    person = await signUp(service);
    // First only in `b`: what the person does then is recorded in `b` alone, which they then leave.
    const b = await signedInOwner(service, { slugPrefix: "left" });
    await invitedPerson(service, b.user, "viewer", person);
    expect((await signIn(person, SAFARI_IPHONE)).status).toBe(302);
    const removed = await api(service, `/api/tenants/me/members/${person.userId}`, { method: "DELETE", cookie: b.user.cookie });
    expect(removed.status, removed.text).toBe(204);
    a = await signedInOwner(service, { slugPrefix: "kept" });
    await invitedPerson(service, a.user, "member", person);
    const c = await signedInOwner(service, { slugPrefix: "second" });
    await invitedPerson(service, c.user, "viewer", person);
    const d = await signedInOwner(service, { slugPrefix: "never" });
    other = await invitedPerson(service, a.user, "viewer", d.user);
  }, 120_000);

  function signIn(user: { email: string; password: string }, userAgent: string, password = user.password) {
    return formSignIn(service, { email: user.email, password }, userAgent);
  }
  const activity = (user: Pick<TestUser, "cookie">, input?: unknown) => trpc(service, user, "accountActivity.list", input, "query");
  /** What the profile shows of each entry: the row's id and time are the service's. */
  const shown = (entries: Array<Record<string, unknown>>) => entries.map(({ id: _id, time: _time, ...rest }) => rest);

  it("lists the person's own sign-in, failed sign-in, factor enrolled and session revoked, newest first, once each", async () => {
    // An authenticator app through auth-js (its own sign-in, from node's user agent), then removed:
    // while it is verified, a one-step browser session reaches only the second sign-in page.
    const auth = new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
    expect((await auth.signInWithPassword({ email: person.email, password: person.password })).error).toBeNull();
    const { data: factor } = await auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
    const code = TOTP.generate({ secret: Secret.fromBase32(factor!.totp.secret) });
    expect((await auth.mfa.challengeAndVerify({ factorId: factor!.id, code })).error).toBeNull();
    expect((await auth.mfa.unenroll({ factorId: factor!.id })).error).toBeNull();

    const firefox = await signIn(person, FIREFOX);
    expect(firefox.status).toBe(302);
    firefoxCookie = sessionCookieFrom(firefox.headers)!;
    expect((await signIn(person, FIREFOX, "not the password")).status).toBe(400);

    // Another person in the same workspace signs in and fails once: none of it is the person's.
    expect((await signIn(other, CHROME)).status).toBe(302);
    expect((await signIn(other, CHROME, "not the password")).status).toBe(400);

    // From Firefox, end the session auth-js opened (the request itself comes from node).
    const authSessionId = (await service.db.query(`select id from auth_sessions where user_id = $1 and user_agent = 'node' and revoked_at is null`, [person.userId])).rows[0].id as string;
    const revoked = await api(service, `/api/user/sessions/${authSessionId}`, { method: "DELETE", cookie: firefoxCookie });
    expect(revoked.status, revoked.text).toBe(204);

    const res = await activity({ cookie: firefoxCookie });
    expect(res.status, res.error?.message).toBe(200);
    expect(res.data.nextCursor).toBeNull();
    expect(res.data.recorded).toBe(true);
    const fromNode = { by: null, browser: "Unknown browser", system: "Unknown system", address: "127.0.0.1" };
    const fromFirefox = { by: null, browser: "Firefox 133", system: "Linux", address: "127.0.0.1" };
    // Once each, though the person's two workspaces both recorded every event; nothing from `b`, which they left (the iPhone sign-in).
    expect(shown(res.data.entries)).toEqual([
      { action: "session.revoked", summary: "Signed-in session ended", ...fromNode },
      { action: "session.sign_in_failed", summary: "Sign-in failed: wrong password", ...fromFirefox },
      { action: "session.signed_in", summary: "Signed in", ...fromFirefox },
      { action: "factor.removed", summary: 'Authenticator app "Phone" removed from two-step sign-in', ...fromNode },
      // Proving the second step ended the person's one-step sessions (the sign-up's and the iPhone's).
      { action: "session.revoked", summary: "Signed-in session ended", ...fromNode },
      { action: "session.revoked", summary: "Signed-in session ended", ...fromNode },
      { action: "factor.enrolled", summary: 'Authenticator app "Phone" added for two-step sign-in', ...fromNode },
      { action: "session.signed_in", summary: "Signed in", ...fromNode },
    ]);
    expect((await service.db.query(`select count(*)::int as n from audit_log where account_id = $1 and action = 'session.sign_in_failed'`, [person.userId])).rows[0].n).toBe(2);
  });

  it("pages with the cursor, 20 at a time unless asked for fewer", async () => {
    const first = await activity({ cookie: firefoxCookie }, { limit: 2 });
    expect(first.status, first.error?.message).toBe(200);
    expect(first.data.entries.map((entry: { action: string }) => entry.action)).toEqual(["session.revoked", "session.sign_in_failed"]);
    const second = await activity({ cookie: firefoxCookie }, { limit: 2, cursor: first.data.nextCursor });
    expect(second.data.entries.map((entry: { action: string }) => entry.action)).toEqual(["session.signed_in", "factor.removed"]);
    const third = await activity({ cookie: firefoxCookie }, { limit: 2, cursor: second.data.nextCursor });
    expect(third.data.entries.map((entry: { action: string }) => entry.action)).toEqual(["session.revoked", "session.revoked"]);
    const fourth = await activity({ cookie: firefoxCookie }, { limit: 2, cursor: third.data.nextCursor });
    expect(fourth.data.entries.map((entry: { action: string }) => entry.action)).toEqual(["factor.enrolled", "session.signed_in"]);
    expect(fourth.data.nextCursor).toBeNull();
    const bad = await activity({ cookie: firefoxCookie }, { cursor: "not a cursor" });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toContain("Invalid page cursor");
  });

  it("gives a viewer their own rows only, and a person in no workspace an empty list that says why", async () => {
    const res = await activity(other);
    expect(res.status, res.error?.message).toBe(200);
    expect(shown(res.data.entries)).toEqual([
      { action: "session.sign_in_failed", summary: "Sign-in failed: wrong password", by: null, browser: "Chrome 131", system: "macOS Catalina", address: "127.0.0.1" },
      { action: "session.signed_in", summary: "Signed in", by: null, browser: "Chrome 131", system: "macOS Catalina", address: "127.0.0.1" },
    ]);

    const loner = await signUp(service);
    expect((await signIn(loner, FIREFOX)).status).toBe(302);
    expect((await activity(loner)).data).toEqual({ entries: [], nextCursor: null, recorded: false });
    // Not recorded anywhere, as ADR 047 says: an account event needs a workspace to be written in.
    expect((await service.db.query(`select count(*)::int as n from audit_log where account_id = $1`, [loner.userId])).rows[0].n).toBe(0);
  });

  it("is refused without a session", async () => {
    const res = await activity({ cookie: "" });
    expect(res.status).toBe(401);
  });
});
