import { describe, expect, it } from "vitest";
import { workspaceWithPeople } from "../support/actors";
import { api, formSignIn, sessionCookieFrom, uniqueEmail, type TestUser } from "../support/http";
import { sharedService } from "../support/shared-service";
import { suiteSetUp } from "../support/suite-resource";

/**
 * Issue 20 section 4: an account's sign-ins, failed sign-ins, sign-outs and revoked sessions
 * are recorded in every workspace the person belongs to, in the transaction that opens or ends
 * the session; an unknown email, which names no one, leaves no row.
 */
describe("audit log: sign-ins and sessions", () => {
  const service = sharedService();
  const ws = suiteSetUp(() => workspaceWithPeople(service, { slugPrefix: "acct", people: { member: "member" } }), 120_000);

  const person = (user: TestUser) => ({ type: "person", id: user.userId, email: user.email });
  const count = async () => (await service.db.query(`select count(*)::int as n from audit_log where tenant_id = $1`, [ws.tenantId])).rows[0].n as number;
  const rows = async (action: string, after: number) =>
    (
      await service.db.query(`select actor, target_type, target_id, changes, user_agent from audit_log where tenant_id = $1 and action = $2 and seq > $3 order by seq`, [
        ws.tenantId,
        action,
        after,
      ])
    ).rows.map((r) => ({ actor: r.actor, target: `${r.target_type}:${r.target_id}`, changes: r.changes, userAgent: r.user_agent }));
  const signIn = (email: string, password: string) => formSignIn(service, { email, password }, "audit-browser/2.0");
  const sessionIds = async (user: TestUser) =>
    (await service.db.query(`select id from auth_sessions where user_id = $1 and revoked_at is null order by created_at`, [user.userId])).rows.map((r) => r.id as string);

  it("records a sign-in, with the session it opened", async () => {
    const mark = await count();
    const res = await signIn(ws.member.email, ws.member.password);
    expect(res.status).toBe(302);
    const newest = (await sessionIds(ws.member)).at(-1);
    expect(await rows("session.signed_in", mark)).toEqual([{ actor: person(ws.member), target: `session:${newest}`, changes: {}, userAgent: "audit-browser/2.0" }]);
  });

  it("records a failed sign-in of a real account, and nothing for an unknown email", async () => {
    const mark = await count();
    const wrong = await signIn(ws.member.email, "not the password");
    expect(wrong.status).toBe(400);
    expect(await rows("session.sign_in_failed", mark)).toEqual([{ actor: person(ws.member), target: `person:${ws.member.userId}`, changes: { method: "password" }, userAgent: "audit-browser/2.0" }]);
    const stranger = await signIn(uniqueEmail(), "whatever password");
    expect(stranger.status).toBe(400);
    expect(await count()).toBe(mark + 1);
  });

  it("records a sign-out and a session revoked from another", async () => {
    const second = await signIn(ws.member.email, ws.member.password);
    const secondCookie = sessionCookieFrom(second.headers)!;
    const secondId = (await sessionIds(ws.member)).at(-1)!;
    const mark = await count();
    // From the first browser, end the second one.
    const unknown = await api(service, `/api/user/sessions/00000000-0000-4000-8000-000000000000`, { method: "DELETE", cookie: ws.member.cookie });
    expect(unknown.status).toBe(404);
    expect(await count()).toBe(mark);
    const revoked = await api(service, `/api/user/sessions/${secondId}`, { method: "DELETE", cookie: ws.member.cookie });
    expect(revoked.status, revoked.text).toBe(204);
    expect(await rows("session.revoked", mark)).toEqual([{ actor: person(ws.member), target: `session:${secondId}`, changes: {}, userAgent: "node" }]);
    expect((await api(service, "/api/auth/me", { cookie: secondCookie })).body.loggedIn).toBe(false);

    const third = await signIn(ws.member.email, ws.member.password);
    const thirdCookie = sessionCookieFrom(third.headers)!;
    const thirdId = (await sessionIds(ws.member)).at(-1)!;
    const beforeOut = await count();
    const out = await fetch(`${service.url}/logout`, { method: "POST", headers: { cookie: thirdCookie }, redirect: "manual" });
    expect(out.status).toBe(302);
    expect(await rows("session.signed_out", beforeOut)).toEqual([{ actor: person(ws.member), target: `session:${thirdId}`, changes: {}, userAgent: "node" }]);
  });
});
