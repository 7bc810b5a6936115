import { AuthClient } from "@supabase/auth-js";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { invitedPerson, signedInOwner } from "../support/actors";
import { api, formSignIn, sessionCookieFrom, type TestUser } from "../support/http";
import { suiteServiceWithMail } from "../support/mail-service";
import { suiteSetUp } from "../support/suite-resource";

/**
 * Issue 20 section 4: a session revoked is an account event whatever ends it. Besides a
 * sign-out and "Sign out" on the profile, three paths end a person's sessions as a side effect,
 * and each records `session.revoked` for every session it ends, in its transaction: two-step
 * sign-in proved (the other one-step sessions end), a password change (the other sessions end)
 * and a password reset by link (every session ends). So the person's "Recent account activity"
 * and the owner's log say when their sessions were ended.
 */
describe("audit log: sessions ended by two-step sign-in, a password change and a password reset", () => {
  // Autoconfirm: sign-ups get a session at once, and the reset link is mailed.
  const { smtp, service } = suiteServiceWithMail({ label: "audit-sessions-ended", env: { MAILER_AUTOCONFIRM: "true" } });
  const ws = suiteSetUp(() => signedInOwner(service, { slugPrefix: "ended" }));

  const mark = async () => (await service.db.query(`select coalesce(max(seq), 0)::int as n from audit_log where tenant_id = $1`, [ws.tenantId])).rows[0].n as number;
  /** The sessions recorded as ended since `after`, and by whom. */
  const revoked = async (after: number) =>
    (
      await service.db.query(`select actor, target_id from audit_log where tenant_id = $1 and action = 'session.revoked' and seq > $2 order by target_id`, [ws.tenantId, after])
    ).rows.map((r) => ({ actor: r.actor, session: r.target_id as string }));
  const person = (user: TestUser) => ({ type: "person", id: user.userId, email: user.email });
  const liveSessions = async (user: TestUser) =>
    (await service.db.query(`select id from auth_sessions where user_id = $1 and revoked_at is null order by id`, [user.userId])).rows.map((r) => r.id as string);
  const client = () => new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
  const signIn = async (user: TestUser) => {
    const res = await formSignIn(service, user);
    expect(res.status).toBe(302);
    return sessionCookieFrom(res.headers)!;
  };

  it("records each one-step session that setting up two-step sign-in ends", async () => {
    const member = await invitedPerson(service, ws.user, "member");
    await signIn(member);
    const ending = await liveSessions(member);
    expect(ending).toHaveLength(2);
    const auth = client();
    expect((await auth.signInWithPassword({ email: member.email, password: member.password })).error).toBeNull();
    const after = await mark();
    const { data: factor } = await auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
    const code = TOTP.generate({ secret: Secret.fromBase32(factor!.totp.secret) });
    expect((await auth.mfa.challengeAndVerify({ factorId: factor!.id, code })).error).toBeNull();
    expect(await revoked(after)).toEqual(ending.map((session) => ({ actor: person(member), session })));
    expect((await api(service, "/api/auth/me", { cookie: member.cookie })).body.loggedIn).toBe(false);
  });

  it("records each other session that a password change ends", async () => {
    const member = await invitedPerson(service, ws.user, "member");
    const ending = await liveSessions(member);
    expect(ending).toHaveLength(1);
    const auth = client();
    expect((await auth.signInWithPassword({ email: member.email, password: member.password })).error).toBeNull();
    const after = await mark();
    expect((await auth.updateUser({ password: "a changed passphrase" })).error).toBeNull();
    expect(await revoked(after)).toEqual(ending.map((session) => ({ actor: person(member), session })));
  });

  it("records every session that a password reset ends", async () => {
    const member = await invitedPerson(service, ws.user, "member");
    await signIn(member);
    const ending = await liveSessions(member);
    expect(ending).toHaveLength(2);
    const asked = await api(service, "/forgot-password?_data=routes%2Fforgot-password", {
      method: "POST",
      body: new URLSearchParams({ email: member.email }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(asked.status, asked.text).toBe(200);
    const linkIn = (raw: string) => /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(raw.replace(/=\r?\n/g, ""))?.[1];
    await expect.poll(() => smtp.received.find((mail) => mail.to.includes(member.email) && linkIn(mail.raw)), { timeout: 10_000 }).toBeDefined();
    const token = linkIn(smtp.received.find((mail) => mail.to.includes(member.email) && linkIn(mail.raw))!.raw)!;
    const after = await mark();
    const done = await fetch(`${service.url}/reset-password/${token}`, {
      method: "POST",
      body: new URLSearchParams({ password: "a reset passphrase" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(done.status).toBe(302);
    expect(await revoked(after)).toEqual(ending.map((session) => ({ actor: person(member), session })));
  });
});
