import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, signUp, uniqueEmail, type TestUser } from "../support/http";
import { signedInOwner } from "../support/actors";
import { sharedService } from "../support/shared-service";
import { trpc } from "../support/trpc";

/** Issue 8 section 1: members, roles and invitations over REST, per role, with what is (not) written. */
describe("members and invitations", () => {
  const service = sharedService();
  let owner: TestUser;
  let tenantId: string;

  beforeAll(async () => {
    ({ user: owner, tenantId } = await signedInOwner(service, { slugPrefix: "team", name: "Team Co" }));
  });

  const invite = (as: TestUser, body: unknown) => api(service, "/api/tenants/me/invitations", { method: "POST", cookie: as.cookie, json: body });
  const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);
  /** Accepts through the invitation page's form, as the browser does. */
  const accept = (as: TestUser, url: string) =>
    fetch(`${service.url}/invite/${tokenOf(url)}`, { method: "POST", headers: { cookie: as.cookie }, redirect: "manual" });
  const membership = async (userId: string) =>
    (await service.db.query("select role from tenant_memberships where tenant_id = $1 and user_id = $2", [tenantId, userId])).rows[0]?.role ?? null;

  async function join(role: "member" | "viewer"): Promise<TestUser> {
    const person = await signUp(service);
    const created = await invite(owner, { email: person.email, role });
    expect(created.status).toBe(201);
    const res = await accept(person, created.body.url);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    return person;
  }

  it("invites: 201 { id, url, expiresAt } in 7 days, the token stored only as its hash", async () => {
    const email = uniqueEmail("invitee");
    const res = await invite(owner, { email: email.toUpperCase(), role: "member" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["expiresAt", "id", "url"]);
    expect(res.body.url).toMatch(new RegExp(`^${service.url}/invite/[A-Za-z0-9_-]{43}$`));
    const days = (Date.parse(res.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const row = (await service.db.query("select email, role, token_hash from tenant_invitations where id = $1", [res.body.id])).rows[0];
    expect(row).toEqual({ email, role: "member", token_hash: createHash("sha256").update(tokenOf(res.body.url)).digest("base64url") });
    const all = await service.db.query("select token_hash from tenant_invitations");
    expect(JSON.stringify(all.rows)).not.toContain(tokenOf(res.body.url));
  });

  it("refuses bad invitations with 400 and writes nothing", async () => {
    // This workspace's invitations: other suites invite people on this shared service meanwhile.
    const invitations = async () => (await service.db.query("select count(*)::int as n from tenant_invitations where tenant_id = $1", [tenantId])).rows[0].n;
    const before = await invitations();
    expect((await invite(owner, { email: "not-an-email", role: "member" })).body).toEqual({ message: "Enter a valid email address" });
    expect((await invite(owner, { email: uniqueEmail(), role: "owner" })).body).toEqual({ message: "Role must be member or viewer" });
    expect((await invite(owner, { email: uniqueEmail(), role: "admin" })).status).toBe(400);
    expect((await invite(owner, { email: owner.email, role: "member" })).status).toBe(409);
    expect(await invitations()).toBe(before);
  });

  it("lets the invited account join once, with the invited role", async () => {
    const member = await join("member");
    expect(await membership(member.userId)).toBe("member");
    const list = await api(service, "/api/tenants/me/members", { cookie: member.cookie });
    expect(list.status).toBe(200);
    expect(list.body.tenantId).toBe(tenantId);
    expect(list.body.role).toBe("member");
    expect(list.body.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual(
      expect.arrayContaining([[owner.email, "owner"], [member.email, "member"]]),
    );
    expect(list.body.members[0].role).toBe("owner");
    expect(list.body.invitations).toEqual([]); // only the owner sees pending invitations
  });

  it("refuses reuse, expiry, revocation and the wrong account; nothing is written", async () => {
    const person = await signUp(service);
    const other = await signUp(service);
    const created = (await invite(owner, { email: person.email, role: "viewer" })).body;

    const wrong = await fetch(`${service.url}/invite/${tokenOf(created.url)}`, { headers: { cookie: other.cookie } });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain(`is for <strong>${person.email}</strong>`);
    const wrongPost = await accept(other, created.url);
    expect(wrongPost.status).toBe(403);
    expect(await membership(other.userId)).toBeNull();

    expect((await accept(person, created.url)).status).toBe(302);
    const again = await accept(person, created.url);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This invitation has already been used");

    const late = await signUp(service);
    const expiring = (await invite(owner, { email: late.email, role: "member" })).body;
    await service.db.query("update tenant_invitations set expires_at = now() - interval '1 second' where id = $1", [expiring.id]);
    const expired = await accept(late, expiring.url);
    expect(expired.status).toBe(409);
    expect(await expired.text()).toContain("This invitation has expired");
    expect(await membership(late.userId)).toBeNull();

    const revokedFor = await signUp(service);
    const toRevoke = (await invite(owner, { email: revokedFor.email, role: "member" })).body;
    expect((await api(service, `/api/tenants/me/invitations/${toRevoke.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
    expect((await api(service, `/api/tenants/me/invitations/${toRevoke.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(404);
    expect((await accept(revokedFor, toRevoke.url)).status).toBe(409);
    expect(await membership(revokedFor.userId)).toBeNull();
  });

  // Issue 17, 1: the page first says what the link is (tests/rest/smaller-paths.test.ts), then
  // its sign-in and sign-up links come back here.
  it("offers a signed-out visitor of an invitation link to sign in and come back", async () => {
    const created = (await invite(owner, { email: uniqueEmail(), role: "member" })).body;
    const res = await fetch(created.url, { redirect: "manual" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`href="/login?redirectTo=${encodeURIComponent(`/invite/${tokenOf(created.url)}`)}"`);
    expect(res.headers.get("referrer-policy") ?? "no-referrer").toBe("no-referrer");
  });

  it("enforces roles: viewers read, members also manage apps, only the owner manages members", async () => {
    const viewer = await join("viewer");
    const member = await join("member");
    expect((await api(service, "/api/tenants/me/members", { cookie: viewer.cookie })).status).toBe(200);
    for (const who of [viewer, member]) {
      const res = await invite(who, { email: uniqueEmail(), role: "viewer" });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: "Only the workspace owner can manage members" });
      expect((await api(service, `/api/tenants/me/members/${owner.userId}`, { method: "DELETE", cookie: who.cookie })).status).toBe(403);
      expect((await api(service, `/api/tenants/me/members/${viewer.userId}`, { method: "PATCH", cookie: who.cookie, json: { role: "member" } })).status).toBe(403);
    }
    const viewerApp = await trpc(service, viewer, "apps.create", { name: "Viewer app" });
    expect(viewerApp.status).toBe(403);
    expect(viewerApp.error?.message).toBe("Viewers cannot change apps");
    const memberApp = await trpc(service, member, "apps.create", { name: "Member app" });
    expect(memberApp.status).toBe(200);
    const apps = await service.db.query("select name, tenant_id from apps where tenant_id = $1 and name in ('Viewer app', 'Member app')", [tenantId]);
    expect(apps.rows).toEqual([{ name: "Member app", tenant_id: tenantId }]);
    expect((await trpc(service, viewer, "apps.list", undefined, "query")).data.map((a: { name: string }) => a.name)).toContain("Member app");
    expect((await trpc(service, viewer, "keys.create", { appId: memberApp.data.id })).status).toBe(403);
    expect((await trpc(service, member, "keys.create", { appId: memberApp.data.id })).status).toBe(200);
  });

  it("lets the owner change roles, never the owner's own; the owner cannot be removed", async () => {
    const person = await join("viewer");
    const changed = await api(service, `/api/tenants/me/members/${person.userId}`, { method: "PATCH", cookie: owner.cookie, json: { role: "member" } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ userId: person.userId, email: person.email, role: "member" });
    expect(await membership(person.userId)).toBe("member");
    expect((await api(service, `/api/tenants/me/members/${person.userId}`, { method: "PATCH", cookie: owner.cookie, json: { role: "owner" } })).status).toBe(400);
    const demote = await api(service, `/api/tenants/me/members/${owner.userId}`, { method: "PATCH", cookie: owner.cookie, json: { role: "viewer" } });
    expect(demote.status).toBe(409);
    expect(demote.body).toEqual({ message: "The workspace owner cannot be removed or demoted" });
    expect((await api(service, `/api/tenants/me/members/${owner.userId}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(409);
    expect(await membership(owner.userId)).toBe("owner");
    expect((await api(service, "/api/tenants/me/members/not-a-uuid", { method: "DELETE", cookie: owner.cookie })).status).toBe(404);
    expect((await api(service, `/api/tenants/me/members/${crypto.randomUUID()}`, { method: "DELETE", cookie: owner.cookie })).body).toEqual({ message: "Member not found" });
  });

  it("removes a member: access, keys and membership end at once", async () => {
    const member = await join("member");
    const app = (await trpc(service, member, "apps.create", { name: "Leaving app" })).data;
    const key = (await trpc(service, member, "keys.create", { appId: app.id })).data.apiKey as string;
    expect((await api(service, "/api/cli/whoami", { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect((await api(service, `/api/tenants/me/members/${member.userId}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
    expect(await membership(member.userId)).toBeNull();
    expect((await api(service, "/api/tenants/me/members", { cookie: member.cookie })).status).toBe(404);
    expect((await trpc(service, member, "apps.list", undefined, "query")).status).toBe(404);
    expect((await api(service, "/api/cli/whoami", { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
  });

  it("revokes the keys a member minted when they are demoted: the key is refused at once (issue 17)", async () => {
    const member = await join("member");
    const app = (await trpc(service, member, "apps.create", { name: "Demoted app" })).data;
    expect((await trpc(service, member, "apps.setEnv", { appId: app.id, key: "TOKEN", value: "demoted-secret" })).status).toBe(200);
    const key = (await trpc(service, member, "keys.create", { appId: app.id })).data.apiKey as string;
    const env = () => api(service, "/api/cli/env", { headers: { authorization: `Bearer ${key}` } });
    expect((await env()).status).toBe(200);
    const demoted = await api(service, `/api/tenants/me/members/${member.userId}`, { method: "PATCH", cookie: owner.cookie, json: { role: "viewer" } });
    expect([demoted.status, demoted.body.role]).toEqual([200, "viewer"]);
    const refused = await env();
    expect(refused.status).toBe(401);
    expect(JSON.stringify(refused.body)).not.toContain("demoted-secret");
    const rows = (await service.db.query("select revoked_at from app_keys where tenant_id = $1 and issued_by = $2", [tenantId, member.userId])).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.revoked_at !== null)).toBe(true);
  });

  it("shows viewers variable names, never values, in the apps.env procedure and on the app's page (issue 17)", async () => {
    const viewer = await join("viewer");
    const member = await join("member");
    const app = (await trpc(service, owner, "apps.create", { name: "Secretive app" })).data;
    const secret = `viewer-must-not-see-${Date.now()}`;
    expect((await trpc(service, owner, "apps.setEnv", { appId: app.id, key: "DB_PASSWORD", value: secret })).status).toBe(200);
    const asViewer = await trpc(service, viewer, "apps.env", { appId: app.id }, "query");
    expect(asViewer.status).toBe(200);
    expect(asViewer.data).toEqual([{ key: "DB_PASSWORD", kind: "user", value: null, updatedAt: expect.any(String) }]);
    for (const who of [member, owner]) {
      const rows = await trpc(service, who, "apps.env", { appId: app.id }, "query");
      expect(rows.data).toEqual([{ key: "DB_PASSWORD", kind: "user", value: secret, updatedAt: expect.any(String) }]);
    }
    const page = async (who: TestUser) => {
      const res = await fetch(`${service.url}/apps/${app.id}`, { headers: { cookie: who.cookie } });
      expect(res.status).toBe(200);
      return res.text();
    };
    const viewerPage = await page(viewer);
    expect(viewerPage).toContain("DB_PASSWORD");
    expect(viewerPage).not.toContain(secret);
    expect(await page(member)).toContain(secret);
  });

  it("answers 401 without a session", async () => {
    expect((await api(service, "/api/tenants/me/members")).body).toEqual({ message: "Unauthorized" });
    expect((await invite({ cookie: "" } as TestUser, { email: uniqueEmail(), role: "member" })).status).toBe(401);
  });
});
