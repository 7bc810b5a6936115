import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, uniqueEmail, type TestUser } from "../support/http";
import { invitedPerson, signedInOwner } from "../support/actors";
import { sharedService } from "../support/shared-service";
import { ERROR_SCHEMA, GROUP_SCHEMA, LIST_SCHEMA, PATCH_SCHEMA, USER_SCHEMA, patchBody, provisionedUser, scim, scimToken, scimUserCount, scimWorkspace, userBody } from "../support/scim";

/**
 * Issue 32 item 4: SCIM 2.0 provisioning at {BASE_URL}/scim/v2. The tokens; the conformance
 * cases, RFC 7643/7644's MUSTs that this service implements, each named by its section; then
 * the forms Okta's and Microsoft Entra ID's provisioning guides document. The effects on the
 * workspace and its people, isolation and hostile input: scim-effects.test.ts.
 */
const service = sharedService();
const workspace = scimWorkspace(service);
let owner: TestUser;
let tenantId: string;
let token: string;
beforeAll(() => ({ owner, tenantId, token } = workspace));

const tenantUsers = () => scimUserCount(service, tenantId);
const provision = (fields: Parameters<typeof userBody>[0], as = token) => provisionedUser(service, as, fields);

describe("SCIM tokens through /api/tenants/me/scim-tokens", () => {
  it("creates 201 { id, token, createdAt }: svc_scim_, shown once, only its SHA-256 stored", async () => {
    const res = await api(service, "/api/tenants/me/scim-tokens", { method: "POST", cookie: owner.cookie });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["createdAt", "id", "token"]);
    expect(res.body.token).toMatch(/^svc_scim_[A-Za-z0-9_-]{43}$/);
    const row = (await service.db.query("select token_hash, display_prefix, tenant_id from scim_tokens where id = $1", [res.body.id])).rows[0];
    expect(row).toEqual({ token_hash: createHash("sha256").update(res.body.token).digest("base64url"), display_prefix: res.body.token.slice(0, 15), tenant_id: tenantId });
    const listed = await api(service, "/api/tenants/me/scim-tokens", { cookie: owner.cookie });
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(res.body.token);
    expect(listed.body.tokens.find((t: { id: string }) => t.id === res.body.id)).toEqual({ id: res.body.id, prefix: res.body.token.slice(0, 15), createdAt: res.body.createdAt, lastUsedAt: null });
  });

  it("revokes: the token is refused at once; a second revocation is 404", async () => {
    const made = await api(service, "/api/tenants/me/scim-tokens", { method: "POST", cookie: owner.cookie });
    expect((await scim(service, made.body.token, "GET", "/Users")).status).toBe(200);
    expect((await api(service, `/api/tenants/me/scim-tokens/${made.body.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
    const refused = await scim(service, made.body.token, "GET", "/Users");
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ schemas: [ERROR_SCHEMA], status: "401", detail: expect.any(String) });
    expect((await api(service, `/api/tenants/me/scim-tokens/${made.body.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(404);
    const audited = await service.db.query("select action from audit_log where tenant_id = $1 and target_id = $2 order by seq", [tenantId, made.body.id]);
    expect(audited.rows.map((r) => r.action)).toEqual(["scim_token.created", "scim_token.revoked"]);
  });

  it("is the owner's alone: a member is refused 403 and makes nothing", async () => {
    const member = await invitedPerson(service, owner, "member");
    const before = (await service.db.query("select count(*) from scim_tokens where tenant_id = $1", [tenantId])).rows[0].count;
    const res = await api(service, "/api/tenants/me/scim-tokens", { method: "POST", cookie: member.cookie });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "Only the workspace owner can manage members" });
    expect((await service.db.query("select count(*) from scim_tokens where tenant_id = $1", [tenantId])).rows[0].count).toBe(before);
  });
});

describe("RFC 7644 conformance", () => {
  it("RFC 7644 §4: ServiceProviderConfig says what is supported (no ETags, no bulk, no sort; patch and filter)", async () => {
    const res = await scim(service, null, "GET", "/ServiceProviderConfig");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/scim+json; charset=utf-8");
    expect(res.body.schemas).toEqual(["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"]);
    expect(res.body.patch).toEqual({ supported: true });
    expect(res.body.etag).toEqual({ supported: false });
    expect(res.body.bulk.supported).toBe(false);
    expect(res.body.filter).toEqual({ supported: true, maxResults: 200 });
    expect(res.body.authenticationSchemes[0].type).toBe("oauthbearertoken");
  });

  it("RFC 7644 §4 / RFC 7643 §6: ResourceTypes lists User and Group, each at its own location", async () => {
    const res = await scim(service, null, "GET", "/ResourceTypes");
    expect(res.body.schemas).toEqual([LIST_SCHEMA]);
    expect(res.body.Resources.map((r: { id: string; endpoint: string; schema: string }) => [r.id, r.endpoint, r.schema])).toEqual([
      ["User", "/Users", USER_SCHEMA],
      ["Group", "/Groups", GROUP_SCHEMA],
    ]);
    const one = await scim(service, null, "GET", "/ResourceTypes/User");
    expect(one.body.meta.location).toBe(`${service.url}/scim/v2/ResourceTypes/User`);
  });

  it("RFC 7644 §4 / RFC 7643 §7: Schemas describes User and Group; one schema by its URN", async () => {
    const res = await scim(service, null, "GET", "/Schemas");
    expect(res.body.Resources.map((s: { id: string }) => s.id)).toEqual([USER_SCHEMA, GROUP_SCHEMA]);
    const user = await scim(service, null, "GET", `/Schemas/${USER_SCHEMA}`);
    expect(user.body.attributes.find((a: { name: string }) => a.name === "userName")).toMatchObject({ required: true, uniqueness: "server" });
  });

  it("RFC 7644 §2: a resource request without a valid bearer is 401 in SCIM's error body", async () => {
    for (const auth of [null, "svc_scim_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const res = await scim(service, auth, "GET", "/Users");
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toBe("application/scim+json; charset=utf-8");
      expect(res.body).toEqual({ schemas: [ERROR_SCHEMA], status: "401", detail: expect.any(String) });
    }
  });

  it("RFC 7644 §3.3: POST /Users is 201 with the resource, an id the server chose, and Location = meta.location (absolute)", async () => {
    const email = uniqueEmail("rfc-create");
    const res = await scim(service, token, "POST", "/Users", { ...userBody({ userName: email, externalId: "ext-create" }), id: "client-chosen" });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.schemas).toEqual([USER_SCHEMA]);
    expect(res.body).toMatchObject({ userName: email, externalId: "ext-create", active: true, emails: [{ value: email, primary: true, type: "work" }], name: { givenName: "Ada", familyName: "Lovelace" } });
    expect(res.body.meta).toMatchObject({ resourceType: "User", location: `${service.url}/scim/v2/Users/${res.body.id}` });
    expect(res.headers.get("location")).toBe(res.body.meta.location);
  });

  it("RFC 7644 §3.3 / RFC 7643 §4.1: userName is unique (case-insensitively): a second is 409 uniqueness, nothing written", async () => {
    const email = uniqueEmail("rfc-unique");
    await provision({ userName: email });
    const before = await tenantUsers();
    const res = await scim(service, token, "POST", "/Users", userBody({ userName: email.toUpperCase(), email: uniqueEmail("other") }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ schemas: [ERROR_SCHEMA], status: "409", scimType: "uniqueness", detail: expect.any(String) });
    expect(await tenantUsers()).toBe(before);
  });

  it("RFC 7643 §4.1: userName is required: 400 invalidValue", async () => {
    const res = await scim(service, token, "POST", "/Users", { schemas: [USER_SCHEMA], emails: [{ value: uniqueEmail() }] });
    expect(res.status).toBe(400);
    expect(res.body.scimType).toBe("invalidValue");
  });

  it("RFC 7644 §3.4.1: GET /Users/{id} answers the resource; an unknown id is 404", async () => {
    const made = await provision({ userName: uniqueEmail("rfc-get") });
    const res = await scim(service, token, "GET", `/Users/${made.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(made);
    const unknown = await scim(service, token, "GET", "/Users/6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ schemas: [ERROR_SCHEMA], status: "404", detail: expect.any(String) });
  });

  it("RFC 7644 §3.4.2 / §3.4.2.2: a filtered list is a ListResponse; userName eq is case-insensitive, externalId eq and emails.value eq work", async () => {
    const email = uniqueEmail("rfc-filter");
    const made = await provision({ userName: email, externalId: `ext-${email}` });
    for (const filter of [`userName eq "${email.toUpperCase()}"`, `externalId eq "ext-${email}"`, `emails.value eq "${email}"`, `userName eq "${email}" and externalId eq "ext-${email}"`]) {
      const res = await scim(service, token, "GET", `/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.status, filter).toBe(200);
      expect(res.body).toEqual({ schemas: [LIST_SCHEMA], totalResults: 1, startIndex: 1, itemsPerPage: 1, Resources: [made] });
    }
    const none = await scim(service, token, "GET", `/Users?filter=${encodeURIComponent('userName eq "nobody-here"')}`);
    expect(none.body).toEqual({ schemas: [LIST_SCHEMA], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
  });

  it("RFC 7644 §3.4.2.2: an operator or attribute not supported is 400 invalidFilter", async () => {
    for (const filter of ['userName co "a"', 'name.givenName eq "Ada"', 'userName eq "a" and (externalId eq "b")', "userName eq", 'not (userName eq "a")', 'userName eq "a" or externalId eq "b" and active eq true']) {
      const res = await scim(service, token, "GET", `/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.status, filter).toBe(400);
      expect(res.body, filter).toEqual({ schemas: [ERROR_SCHEMA], status: "400", scimType: "invalidFilter", detail: expect.any(String) });
    }
  });

  it("RFC 7644 §3.4.2.4: startIndex is 1-based, count bounds the page, totalResults counts all; count=0 gives the total alone", async () => {
    const own = await signedInOwner(service, { slugPrefix: "scim-page" });
    const pageToken = await scimToken(service, own.user);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await provision({ userName: uniqueEmail(`page${i}`) }, pageToken)).id);
    const second = await scim(service, pageToken, "GET", "/Users?startIndex=3&count=2");
    expect(second.body).toMatchObject({ totalResults: 5, startIndex: 3, itemsPerPage: 2 });
    expect(second.body.Resources.map((r: { id: string }) => r.id)).toEqual(ids.slice(2, 4));
    const zero = await scim(service, pageToken, "GET", "/Users?count=0");
    expect(zero.body).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
    const below = await scim(service, pageToken, "GET", "/Users?startIndex=0&count=1");
    expect(below.body).toMatchObject({ startIndex: 1, itemsPerPage: 1 });
    expect(below.body.Resources[0].id).toBe(ids[0]);
    expect((await scim(service, pageToken, "GET", "/Users?count=many")).body.scimType).toBe("invalidValue");
  });

  it("RFC 7644 §3.5.1: PUT replaces the resource's attributes", async () => {
    const email = uniqueEmail("rfc-put");
    const made = await provision({ userName: email, externalId: "before" });
    const res = await scim(service, token, "PUT", `/Users/${made.id}`, { ...userBody({ userName: email, givenName: "Grace", familyName: "Hopper" }), displayName: "Grace Hopper" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: made.id, name: { givenName: "Grace", familyName: "Hopper" }, displayName: "Grace Hopper" });
    expect(res.body.externalId).toBeUndefined();
  });

  it("RFC 7644 §3.5.2: PATCH add, replace and remove, in order; the answer is the resource", async () => {
    const made = await provision({ userName: uniqueEmail("rfc-patch") });
    const res = await scim(service, token, "PATCH", `/Users/${made.id}`, patchBody([
      { op: "add", path: "externalId", value: "x-1" },
      { op: "replace", path: "name.givenName", value: "Grace" },
      { op: "add", path: "displayName", value: "G" },
      { op: "remove", path: "displayName" },
    ]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ externalId: "x-1", name: { givenName: "Grace", familyName: "Lovelace" } });
    expect(res.body.displayName).toBeUndefined();
  });

  it("RFC 7644 §3.5.2: a PATCH without the PatchOp schema or Operations is 400 invalidSyntax; remove without a path is 400 noTarget; an unknown path is 400 invalidPath", async () => {
    const made = await provision({ userName: uniqueEmail("rfc-patch-bad") });
    const cases: Array<[unknown, string]> = [
      [{ Operations: [{ op: "replace", path: "active", value: false }] }, "invalidSyntax"],
      [{ schemas: [PATCH_SCHEMA], Operations: [] }, "invalidSyntax"],
      [patchBody([{ op: "move", path: "active", value: false }]), "invalidSyntax"],
      [patchBody([{ op: "remove" }]), "noTarget"],
      [patchBody([{ op: "replace", path: "shoeSize", value: 42 }]), "invalidPath"],
    ];
    for (const [body, scimType] of cases) {
      const res = await scim(service, token, "PATCH", `/Users/${made.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.scimType, JSON.stringify(body)).toBe(scimType);
    }
    expect((await scim(service, token, "GET", `/Users/${made.id}`)).body).toEqual(made);
  });

  it("RFC 7644 §3.6: DELETE is 204, then the resource is 404", async () => {
    const made = await provision({ userName: uniqueEmail("rfc-delete") });
    const res = await scim(service, token, "DELETE", `/Users/${made.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await scim(service, token, "GET", `/Users/${made.id}`)).status).toBe(404);
    expect((await scim(service, token, "DELETE", `/Users/${made.id}`)).status).toBe(404);
  });

  it("RFC 7644 §3.12: an endpoint not supported (bulk) is 501; an unknown one 404", async () => {
    expect((await scim(service, token, "POST", "/Bulk", { schemas: ["urn:ietf:params:scim:api:messages:2.0:BulkRequest"], Operations: [] })).status).toBe(501);
    const unknown = await scim(service, token, "GET", "/Widgets");
    expect(unknown.status).toBe(404);
    expect(unknown.body.schemas).toEqual([ERROR_SCHEMA]);
  });

  it("RFC 7644 §3.3 / RFC 7643 §4.2: Groups are created with members, read and deleted", async () => {
    const a = await provision({ userName: uniqueEmail("grp-a") });
    const res = await scim(service, token, "POST", "/Groups", { schemas: [GROUP_SCHEMA], displayName: `Engineering ${a.id}`, externalId: "g-1", members: [{ value: a.id }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ schemas: [GROUP_SCHEMA], displayName: `Engineering ${a.id}`, externalId: "g-1", members: [{ value: a.id, display: a.userName }] });
    expect(res.headers.get("location")).toBe(`${service.url}/scim/v2/Groups/${res.body.id}`);
    expect((await scim(service, token, "GET", `/Users/${a.id}`)).body.groups).toEqual([{ value: res.body.id, display: `Engineering ${a.id}`, $ref: res.headers.get("location") }]);
    const dup = await scim(service, token, "POST", "/Groups", { schemas: [GROUP_SCHEMA], displayName: `engineering ${a.id}` });
    expect(dup.body.scimType).toBe("uniqueness");
    expect((await scim(service, token, "DELETE", `/Groups/${res.body.id}`)).status).toBe(204);
    expect((await scim(service, token, "GET", `/Groups/${res.body.id}`)).status).toBe(404);
  });
});

describe("what Okta and Microsoft Entra ID send", () => {
  it("Okta: looks a user up by userName, creates it with its usual body, deactivates with a path-less replace", async () => {
    const email = uniqueEmail("okta");
    const lookup = await scim(service, token, "GET", `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=100`);
    expect(lookup.body.totalResults).toBe(0);
    const created = await scim(service, token, "POST", "/Users", {
      schemas: [USER_SCHEMA],
      userName: email,
      name: { givenName: "Okta", familyName: "Person" },
      emails: [{ primary: true, value: email, type: "work" }],
      displayName: "Okta Person",
      locale: "en-US",
      externalId: "00ujl29u0le5T6Aj10h7",
      groups: [],
      password: "1mz050nq",
      active: true,
    });
    expect(created.status).toBe(201);
    const off = await scim(service, token, "PATCH", `/Users/${created.body.id}`, patchBody([{ op: "replace", value: { active: false } }]));
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    const on = await scim(service, token, "PATCH", `/Users/${created.body.id}`, patchBody([{ op: "replace", value: { active: true, "name.givenName": "Okay" } }]));
    expect(on.body).toMatchObject({ active: true, name: { givenName: "Okay" } });
  });

  it("Okta: group push adds and removes members by a value filter, and renames with a path-less replace", async () => {
    const a = await provision({ userName: uniqueEmail("okta-a") });
    const b = await provision({ userName: uniqueEmail("okta-b") });
    const group = (await scim(service, token, "POST", "/Groups", { schemas: [GROUP_SCHEMA], displayName: `Okta ${a.id}`, members: [] })).body;
    await scim(service, token, "PATCH", `/Groups/${group.id}`, patchBody([{ op: "add", path: "members", value: [{ value: a.id, display: a.userName }, { value: b.id }] }]));
    const removed = await scim(service, token, "PATCH", `/Groups/${group.id}`, patchBody([{ op: "remove", path: `members[value eq "${a.id}"]` }, { op: "replace", value: { id: group.id, displayName: `Okta renamed ${a.id}` } }]));
    expect(removed.status).toBe(200);
    expect(removed.body.displayName).toBe(`Okta renamed ${a.id}`);
    expect(removed.body.members.map((m: { value: string }) => m.value)).toEqual([b.id]);
  });

  it("Entra ID: `Replace` in any case, \"False\" as a string, emails by a type filter, enterprise attributes ignored", async () => {
    const email = uniqueEmail("entra");
    const made = await provision({ userName: email, externalId: "entra-object-id" });
    const probe = await scim(service, token, "GET", `/Users?filter=${encodeURIComponent('userName eq "ec7a8a7b-4a11-4c2e-9f3a-0e7d3c0e1f00"')}`);
    expect(probe.body.totalResults).toBe(0);
    const res = await scim(service, token, "PATCH", `/Users/${made.id}`, patchBody([
      { op: "Replace", path: "active", value: "False" },
      { op: "Replace", path: "name.givenName", value: "Entra" },
      { op: "Add", path: 'emails[type eq "work"].value', value: email },
      { op: "Replace", path: "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department", value: "Sales" },
      { op: "Add", path: "title", value: "Engineer" },
    ]));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ active: false, name: { givenName: "Entra" } });
    const back = await scim(service, token, "PATCH", `/Users/${made.id}`, patchBody([{ op: "replace", path: "active", value: "True" }]));
    expect(back.body.active).toBe(true);
  });

  it("Entra ID: removes a group member with a value list under path members", async () => {
    const a = await provision({ userName: uniqueEmail("entra-a") });
    const group = (await scim(service, token, "POST", "/Groups", { schemas: [GROUP_SCHEMA], displayName: `Entra ${a.id}`, members: [{ value: a.id }] })).body;
    const res = await scim(service, token, "PATCH", `/Groups/${group.id}`, patchBody([{ op: "Remove", path: "members", value: [{ value: a.id }] }]));
    expect(res.status).toBe(200);
    expect(res.body.members).toEqual([]);
  });
});
