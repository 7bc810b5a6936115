import { describe, expect, it } from "vitest";
import { invitedPerson, signedInOwner } from "../support/actors";
import { enrolAuthenticator } from "../support/authenticator";
import { api, sessionCookieFrom, type ApiResponse, type TestUser } from "../support/http";
import { sharedService } from "../support/shared-service";
import { suiteSetUp } from "../support/suite-resource";

/**
 * Issue 20 section 4: the owner turning the workspace's two-step rule on or off (ADR 049) is
 * recorded as `workspace.two_step_changed` on the workspace, in the change's transaction; a
 * refused change (403, 409, 400) and setting the rule it already has write no row.
 */
describe("audit log: the workspace's two-step rule", () => {
  const service = sharedService();
  const ws = suiteSetUp(() => signedInOwner(service, { slugPrefix: "arule" }), 120_000);

  const RULE = "/api/tenants/me/two-step-rule";
  const count = async () => (await service.db.query(`select count(*)::int as n from audit_log where tenant_id = $1`, [ws.tenantId])).rows[0].n as number;
  const rows = async (after: number) =>
    (
      await service.db.query(`select actor, target_type, target_id, changes from audit_log where tenant_id = $1 and action = 'workspace.two_step_changed' and seq > $2 order by seq`, [
        ws.tenantId,
        after,
      ])
    ).rows.map((r) => ({ actor: r.actor, target: `${r.target_type}:${r.target_id}`, changes: r.changes }));
  const refusedWithoutRow = async (request: () => Promise<ApiResponse>, status: number) => {
    const before = await count();
    const res = await request();
    expect(res.status, res.text).toBe(status);
    expect(await count()).toBe(before);
  };
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${service.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  /** Gives the person an authenticator app and answers a session that passed it. */
  const withTwoStep = async (person: TestUser): Promise<TestUser> => {
    const { nextCode } = await enrolAuthenticator(service, person);
    const password = await post("/login", { email: person.email, password: person.password });
    const code = await post("/login/two-step", { code: nextCode() }, sessionCookieFrom(password.headers));
    expect(code.status).toBe(302);
    return { ...person, cookie: sessionCookieFrom(code.headers)! };
  };

  it("records the rule turned on and off by the owner, and nothing for a refused or unchanged rule", async () => {
    const owner = ws.user;
    const member = await invitedPerson(service, owner, "member");
    const put = (user: TestUser, json: unknown) => api(service, RULE, { method: "PUT", cookie: user.cookie, json });
    await refusedWithoutRow(() => put(owner, { required: true }), 409); // the owner's session has not passed two-step sign-in
    await refusedWithoutRow(() => put(member, { required: false }), 403);
    await refusedWithoutRow(() => put(owner, { required: "yes" }), 400);
    await refusedWithoutRow(() => put(owner, { required: false }), 200); // already off: no change

    const secured = await withTwoStep(owner);
    const mark = await count();
    expect((await put(secured, { required: true })).status).toBe(200);
    await refusedWithoutRow(() => put(secured, { required: true }), 200);
    expect((await put(secured, { required: false })).status).toBe(200);
    const me = { type: "person", id: owner.userId, email: owner.email };
    const target = `workspace:${ws.tenantId}`;
    expect(await rows(mark)).toEqual([
      { actor: me, target, changes: { from: false, to: true } },
      { actor: me, target, changes: { from: true, to: false } },
    ]);
  });
});
