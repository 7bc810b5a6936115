import { beforeAll, describe, expect, it } from "vitest";
import { api, passwordSignIn, signUp, uniqueEmail, type TestUser } from "../support/http";
import { appWithKey, signedInOwner } from "../support/actors";
import { sharedService } from "../support/shared-service";
import { trpc } from "../support/trpc";
import { ERROR_SCHEMA, GROUP_SCHEMA, USER_SCHEMA, patchBody, provisionedUser, scim, scimToken, scimUserCount, scimWorkspace, userBody } from "../support/scim";

/**
 * Issue 32 item 4: what SCIM provisioning (scim.test.ts) does to the workspace and its people,
 * that one workspace's token never reaches another's, and hostile input, with rows counted
 * before and after.
 */
const service = sharedService();
const workspace = scimWorkspace(service);
let owner: TestUser;
let tenantId: string;
let token: string;
beforeAll(() => ({ owner, tenantId, token } = workspace));

const tenantUsers = () => scimUserCount(service, tenantId);
const membership = async (userId: string, tenant = tenantId) =>
  (await service.db.query("select role from tenant_memberships where tenant_id = $1 and user_id = $2", [tenant, userId])).rows[0]?.role ?? null;
const accountOf = async (email: string) => (await service.db.query("select id, managed_by_tenant_id, suspended_at from auth_users where lower(email) = lower($1)", [email])).rows[0];
const provision = (fields: Parameters<typeof userBody>[0], as = token) => provisionedUser(service, as, fields);

describe("effects on the workspace and its people", () => {
  it("an existing account is matched by email and joins as a member; no second account; userName and externalId kept with it", async () => {
    const person = await signUp(service);
    const made = await provision({ userName: `AD\\${person.userId}`, email: person.email.toUpperCase(), externalId: "ad-guid-1" });
    expect((await service.db.query("select count(*) from auth_users where lower(email) = $1", [person.email])).rows[0].count).toBe("1");
    expect(await membership(person.userId)).toBe("member");
    const kept = (await service.db.query("select user_id, user_name, external_id from scim_users where id = $1", [made.id])).rows[0];
    expect(kept).toEqual({ user_id: person.userId, user_name: `AD\\${person.userId}`, external_id: "ad-guid-1" });
    expect((await accountOf(person.email)).managed_by_tenant_id).toBeNull();
  });

  it("a new email makes a managed account of this workspace, a member at once", async () => {
    const email = uniqueEmail("managed");
    await provision({ userName: email });
    const account = await accountOf(email);
    expect(account.managed_by_tenant_id).toBe(tenantId);
    expect(await membership(account.id)).toBe("member");
  });

  it("active:false suspends the membership: the person's key and session are refused into this workspace; their own workspace stays", async () => {
    const person = await signUp(service);
    const made = await provision({ userName: person.email });
    const app = await trpc(service, person, "apps.create", { name: "Scim app" });
    expect(app.status).toBe(200);
    const key = await trpc(service, person, "keys.create", { appId: app.data.id });
    const apiKey = key.data.apiKey as string;
    expect((await api(service, "/api/apps", { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(200);
    const own = await signedInOwner(service, { user: person, slugPrefix: "own" });
    const off = await scim(service, token, "PATCH", `/Users/${made.id}`, patchBody([{ op: "replace", path: "active", value: false }]));
    expect(off.status).toBe(200);
    expect((await api(service, "/api/apps", { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(401);
    expect(await membership(person.userId)).toBeNull();
    const mine = await api(service, "/api/tenants/me/members", { cookie: person.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.tenantId).toBe(own.tenantId);
    expect((await accountOf(person.email)).suspended_at).toBeNull();
    const audit = await service.db.query("select action, actor from audit_log where tenant_id = $1 and target_id = $2 order by seq", [tenantId, person.userId]);
    expect(audit.rows.map((r) => r.action)).toEqual(["member.joined", "scim.user_provisioned", "scim.user_suspended", "member.removed"]);
    for (const row of audit.rows) expect(row.actor).toMatchObject({ type: "scim_token", name: token.slice(0, 15) });
    // Reactivated, the membership comes back (the keys revoked with the suspension stay revoked).
    await scim(service, token, "PATCH", `/Users/${made.id}`, patchBody([{ op: "replace", path: "active", value: true }]));
    expect(await membership(person.userId)).toBe("member");
  });

  it("a managed account suspended is suspended whole: its sessions and refresh tokens end and it cannot sign in until reactivated", async () => {
    const email = uniqueEmail("managed-off");
    const made = await provision({ userName: email });
    // The person set a password (as through a reset): the same hash as a throwaway account's.
    const donor = await signUp(service, uniqueEmail("donor"), "correct horse battery");
    await service.db.query("update auth_users set password_hash = (select password_hash from auth_users where id = $1) where lower(email) = $2", [donor.userId, email]);
    const signIn = () => fetch(`${service.url}/auth/v1/token?grant_type=password`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "correct horse battery" }) });
    const first = await signIn();
    expect(first.status).toBe(200);
    const tokens = (await first.json()) as { access_token: string; refresh_token: string };
    // A workspace of its own, with a key: suspended whole, the account keeps no key anywhere.
    const { cookie } = await passwordSignIn(service, { email, password: "correct horse battery" });
    const self = { email, password: "correct horse battery", cookie, userId: (await accountOf(email)).id as string };
    await signedInOwner(service, { user: self, slugPrefix: "mine" });
    const { apiKey } = await appWithKey(service, self);
    expect((await api(service, "/api/apps", { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(200);
    await scim(service, token, "PATCH", `/Users/${made.id}`, patchBody([{ op: "Replace", path: "active", value: "False" }]));
    expect((await api(service, "/api/apps", { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(401);
    expect((await api(service, "/api/auth/me", { cookie })).body.loggedIn).toBe(false);
    const user = await fetch(`${service.url}/auth/v1/user`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(user.status).toBe(403);
    const refreshed = await fetch(`${service.url}/auth/v1/token?grant_type=refresh_token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ refresh_token: tokens.refresh_token }) });
    expect(refreshed.status).toBe(400);
    const again = await signIn();
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error_code: "user_banned", msg: "User is banned" });
    await scim(service, token, "PATCH", `/Users/${made.id}`, patchBody([{ op: "replace", path: "active", value: true }]));
    expect((await signIn()).status).toBe(200);
  });

  it("DELETE removes the membership; an account that existed before stays; a managed one in no other workspace goes", async () => {
    const person = await signUp(service);
    const kept = await provision({ userName: person.email });
    expect((await scim(service, token, "DELETE", `/Users/${kept.id}`)).status).toBe(204);
    expect(await membership(person.userId)).toBeNull();
    expect(await accountOf(person.email)).toBeDefined();
    const email = uniqueEmail("managed-gone");
    const managed = await provision({ userName: email });
    await scim(service, token, "DELETE", `/Users/${managed.id}`);
    expect(await accountOf(email)).toBeUndefined();
  });

  it("a group given a role by the owner gives its members that role at once; owner is never given", async () => {
    const person = await signUp(service);
    const made = await provision({ userName: person.email });
    const group = (await scim(service, token, "POST", "/Groups", { schemas: [GROUP_SCHEMA], displayName: `Readers ${made.id}`, members: [{ value: made.id }] })).body;
    const setRole = (role: unknown) => api(service, `/api/tenants/me/scim-groups/${group.id}`, { method: "PUT", cookie: owner.cookie, json: { role } });
    const res = await setRole("viewer");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: group.id, displayName: `Readers ${made.id}`, role: "viewer" });
    expect(await membership(person.userId)).toBe("viewer");
    expect((await setRole("owner")).status).toBe(400);
    expect(await membership(person.userId)).toBe("viewer");
    const listed = await api(service, "/api/tenants/me/scim-groups", { cookie: owner.cookie });
    expect(listed.body.groups.find((g: { id: string }) => g.id === group.id)).toEqual({ id: group.id, displayName: `Readers ${made.id}`, role: "viewer", members: 1 });
    // Leaving the group, the person is back to the default role.
    await scim(service, token, "PATCH", `/Groups/${group.id}`, patchBody([{ op: "remove", path: `members[value eq "${made.id}"]` }]));
    expect(await membership(person.userId)).toBe("member");
  });

  it("the email of an account the directory did not make is its person's own: changing it is 400 mutability, nothing changed", async () => {
    const person = await signUp(service);
    const made = await provision({ userName: person.email });
    const res = await scim(service, token, "PATCH", `/Users/${made.id}`, patchBody([{ op: "replace", path: 'emails[type eq "work"].value', value: uniqueEmail("taken-over") }]));
    expect(res.status).toBe(400);
    expect(res.body.scimType).toBe("mutability");
    expect((await accountOf(person.email)).id).toBe(person.userId);
    // A managed account's email follows the directory.
    const managed = await provision({ userName: uniqueEmail("follows") });
    const next = uniqueEmail("followed");
    const moved = await scim(service, token, "PATCH", `/Users/${managed.id}`, patchBody([{ op: "replace", path: 'emails[type eq "work"].value', value: next }]));
    expect(moved.status).toBe(200);
    expect(moved.body.emails).toEqual([{ value: next, type: "work", primary: true }]);
    expect((await accountOf(next)).managed_by_tenant_id).toBe(tenantId);
  });

  it("PUT on a Group replaces its members; a group given a role applies it to whoever joins", async () => {
    const a = await signUp(service);
    const b = await signUp(service);
    const ua = await provision({ userName: a.email });
    const ub = await provision({ userName: b.email });
    const group = (await scim(service, token, "POST", "/Groups", { schemas: [GROUP_SCHEMA], displayName: `Viewers ${ua.id}`, members: [{ value: ua.id }] })).body;
    expect((await api(service, `/api/tenants/me/scim-groups/${group.id}`, { method: "PUT", cookie: owner.cookie, json: { role: "viewer" } })).status).toBe(200);
    expect(await membership(a.userId)).toBe("viewer");
    const put = await scim(service, token, "PUT", `/Groups/${group.id}`, { schemas: [GROUP_SCHEMA], displayName: `Viewers ${ua.id}`, members: [{ value: ub.id }] });
    expect(put.status).toBe(200);
    expect(put.body.members.map((m: { value: string }) => m.value)).toEqual([ub.id]);
    expect(await membership(a.userId)).toBe("member");
    expect(await membership(b.userId)).toBe("viewer");
  });

  it("the workspace owner is never demoted or removed by the directory", async () => {
    const made = await provision({ userName: owner.email });
    await scim(service, token, "PATCH", `/Users/${made.id}`, patchBody([{ op: "replace", path: "active", value: false }]));
    expect(await membership(owner.userId)).toBe("owner");
  });
});

describe("one workspace's token never reaches another's people", () => {
  it("reads, lists, filters, changes, deletes and groups of another workspace's users all miss", async () => {
    const email = uniqueEmail("isolated");
    const theirs = await provision({ userName: email });
    const other = await signedInOwner(service, { slugPrefix: "scim-other" });
    const otherToken = await scimToken(service, other.user);
    expect((await scim(service, otherToken, "GET", `/Users/${theirs.id}`)).status).toBe(404);
    expect((await scim(service, otherToken, "PUT", `/Users/${theirs.id}`, userBody({ userName: email }))).status).toBe(404);
    expect((await scim(service, otherToken, "PATCH", `/Users/${theirs.id}`, patchBody([{ op: "replace", path: "active", value: false }]))).status).toBe(404);
    expect((await scim(service, otherToken, "DELETE", `/Users/${theirs.id}`)).status).toBe(404);
    expect((await scim(service, otherToken, "GET", `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`)).body.totalResults).toBe(0);
    expect((await scim(service, otherToken, "GET", "/Users")).body.Resources.map((r: { id: string }) => r.id)).not.toContain(theirs.id);
    const group = await scim(service, otherToken, "POST", "/Groups", { schemas: [GROUP_SCHEMA], displayName: "Thieves", members: [{ value: theirs.id }] });
    expect(group.status).toBe(400);
    expect(group.body.scimType).toBe("invalidValue");
    expect((await scim(service, token, "GET", `/Users/${theirs.id}`)).body).toEqual(theirs);
    expect(await membership((await accountOf(email)).id)).toBe("member");
  });
});

describe("hostile input: a clear SCIM error, nothing written", () => {
  it("filter injection is a plain value or invalidFilter, never SQL", async () => {
    const before = await tenantUsers();
    const probes = ['userName eq "x" or 1=1', "userName eq \"x\"; drop table scim_users; --", 'userName eq "x\\" or \\"1\\"=\\"1"', "userName eq 'x' or 'a'='a'", 'userName eq "a" ) or ( "1" eq "1"', "userName eq \"x\" or userName pr"];
    for (const filter of probes) {
      const res = await scim(service, token, "GET", `/Users?filter=${encodeURIComponent(filter)}`);
      if (res.status === 200) expect(res.body.totalResults, filter).toBe(0);
      else expect(res.body, filter).toMatchObject({ status: "400", scimType: "invalidFilter" });
    }
    expect(await tenantUsers()).toBe(before);
    expect((await service.db.query("select to_regclass('scim_users') is not null as there")).rows[0].there).toBe(true);
  });

  it("a 1 MB body is 413 and a malformed one 400 invalidSyntax; nothing written", async () => {
    const before = await tenantUsers();
    const email = uniqueEmail("huge");
    const huge = await scim(service, token, "POST", "/Users", { ...userBody({ userName: email }), padding: "x".repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ schemas: [ERROR_SCHEMA], status: "413", detail: expect.any(String) });
    for (const raw of ['{"schemas": [', "not json", "", "[]", "null", '"a string"']) {
      const res = await scim(service, token, "POST", "/Users", undefined, { raw });
      expect(res.status, raw).toBe(400);
      expect(["invalidSyntax", "invalidValue"], raw).toContain(res.body.scimType);
    }
    expect(await tenantUsers()).toBe(before);
    expect(await accountOf(email)).toBeUndefined();
  });

  it("NUL and control characters in userName or a name are 400 invalidValue; nothing written", async () => {
    const before = await tenantUsers();
    for (const userName of ["nul\u0000@example.com", "bell\u0007name", "line\nbreak", "del\u007f"]) {
      const res = await scim(service, token, "POST", "/Users", userBody({ userName, email: uniqueEmail("ctl") }));
      expect(res.status, JSON.stringify(userName)).toBe(400);
      expect(res.body.scimType).toBe("invalidValue");
    }
    const named = await scim(service, token, "POST", "/Users", { ...userBody({ userName: uniqueEmail("ctl-name") }), name: { givenName: "a\u0000b" } });
    expect(named.body.scimType).toBe("invalidValue");
    expect(await tenantUsers()).toBe(before);
  });

  it("an over-long userName, a non-string active or a non-email is 400 invalidValue", async () => {
    const before = await tenantUsers();
    for (const body of [
      userBody({ userName: `${"a".repeat(300)}@example.com` }),
      { ...userBody({ userName: uniqueEmail("act") }), active: "maybe" },
      userBody({ userName: "no-email-here", email: "not an email" }),
      { schemas: [USER_SCHEMA], userName: "no-email-at-all" },
    ]) {
      const res = await scim(service, token, "POST", "/Users", body);
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(res.body.scimType).toBe("invalidValue");
    }
    expect(await tenantUsers()).toBe(before);
  });
});
