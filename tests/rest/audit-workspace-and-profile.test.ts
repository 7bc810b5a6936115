import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { invitedPerson, signedInOwner, type TenantOwner } from "../support/actors";
import { api, type TestUser } from "../support/http";
import { multipart, png } from "../support/images";
import { sharedService } from "../support/shared-service";

/**
 * Issue 28, 6: the audit log records a workspace's creation and its logo, and a person's
 * profile changes in each workspace they belong to, each with the person who acted. A
 * refused change (a display name too long) records nothing.
 */
describe("audit rows of a workspace's creation, its logo and its people's profiles", () => {
  const service = sharedService();
  let owner: TenantOwner;
  let member: TestUser;

  beforeAll(async () => {
    owner = await signedInOwner(service, { slugPrefix: "audws", name: "Audited Co" });
    member = await invitedPerson(service, owner.user, "member");
  });

  const rowsOf = async (action: string) =>
    (await service.db.query(`select actor, target_type, target_id, changes from audit_log where tenant_id = $1 and action = $2 order by seq`, [owner.tenantId, action])).rows;
  const personActor = (person: TestUser) => ({ type: "person", id: person.userId, email: person.email });

  it("records the workspace's creation, by its owner, with its name and URL", async () => {
    expect(await rowsOf("workspace.created")).toEqual([
      { actor: personActor(owner.user), target_type: "workspace", target_id: owner.tenantId, changes: { name: "Audited Co", slug: owner.slug } },
    ]);
  });

  it("records a logo uploaded and removed", async () => {
    const upload = await fetch(`${service.url}/api/tenants/me/logo`, { method: "POST", headers: { cookie: owner.user.cookie }, body: multipart("file", await png()) });
    expect(upload.status).toBe(200);
    expect((await api(service, "/api/tenants/me", { method: "PATCH", cookie: owner.user.cookie, json: { clearLogo: true } })).status).toBe(200);
    // Clearing a logo that is already gone changes nothing, and records nothing.
    expect((await api(service, "/api/tenants/me", { method: "PATCH", cookie: owner.user.cookie, json: { clearLogo: true } })).status).toBe(200);
    const rows = await rowsOf("workspace.logo_changed");
    expect(rows.map((row) => [row.actor, row.changes])).toEqual([
      [personActor(owner.user), { logo: "uploaded" }],
      [personActor(owner.user), { logo: "removed" }],
    ]);
  });

  it("records a member's profile changes in the workspace, and none for a refused one", async () => {
    expect((await api(service, "/api/user/me", { method: "PATCH", cookie: member.cookie, json: { displayName: "Grace" } })).status).toBe(200);
    expect((await api(service, "/api/user/me", { method: "PATCH", cookie: member.cookie, json: { displayName: "x".repeat(121) } })).status).toBe(400);
    // The same name again is no change.
    expect((await api(service, "/api/user/me", { method: "PATCH", cookie: member.cookie, json: { displayName: "Grace" } })).status).toBe(200);
    const avatar = await fetch(`${service.url}/api/user/avatar`, { method: "POST", headers: { cookie: member.cookie }, body: multipart("file", await png()) });
    expect(avatar.status).toBe(200);
    const rows = await rowsOf("profile.updated");
    expect(rows.map((row) => [row.actor, row.target_type, row.target_id, row.changes])).toEqual([
      [personActor(member), "user", member.userId, { displayName: "Grace" }],
      [personActor(member), "user", member.userId, { avatar: "uploaded" }],
    ]);
  });

  it("records a GoTrue-API change as the token's person, not the service", async () => {
    const signIn = await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: member.email, password: member.password } });
    const signedOut = await api(service, "/auth/v1/logout?scope=local", { method: "POST", headers: { authorization: `Bearer ${signIn.body.access_token}` } });
    expect(signedOut.status).toBe(204);
    const sessionId = decodeJwt(signIn.body.access_token).session_id;
    const ended = (await rowsOf("session.signed_out")).filter((row) => row.target_id === sessionId);
    expect(ended.map((row) => row.actor)).toEqual([personActor(member)]);
  });
});
