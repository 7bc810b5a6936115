import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail, type TestUser } from "../support/http";
import { signedInOwner } from "../support/actors";
import { sharedService } from "../support/shared-service";
import { startService } from "../support/service";
import { ERROR_SCHEMA, GROUP_SCHEMA, USER_SCHEMA, patchBody, scim, scimToken, scimUserCount, userBody } from "../support/scim";

/**
 * Issue 32's attack pass over SCIM (beyond tests/rest/scim.test.ts's hostile-input cases):
 * every refusal is a SCIM error body (RFC 7644 §3.12), never a 500 or a hang, and rows are
 * counted before and after to show nothing was written.
 */
const service = sharedService();
let owner: TestUser;
let tenantId: string;
let token: string;

const tenantUsers = () => scimUserCount(service, tenantId);
const tenantGroups = async () => Number((await service.db.query("select count(*) from scim_groups where tenant_id = $1", [tenantId])).rows[0].count);
const scimError = (status: number) => expect.objectContaining({ schemas: [ERROR_SCHEMA], status: String(status), detail: expect.any(String) });

beforeAll(async () => {
  ({ user: owner, tenantId } = await signedInOwner(service, { slugPrefix: "scimatk", name: "Attack Co" }));
  token = await scimToken(service, owner);
});

describe("SCIM attacks", () => {
  it("a schema id that is not percent-decodable is 404 in SCIM's body, not 500", async () => {
    for (const path of ["/Schemas/%E0", "/Schemas/%", "/ResourceTypes/%E0%A4%A"]) {
      const res = await scim(service, null, "GET", path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual(scimError(404));
    }
  });

  it("a Group PATCH adding 100,000 members is refused at once (invalidValue), not a quadratic de-duplication", async () => {
    const group = await scim(service, token, "POST", "/Groups", { schemas: [GROUP_SCHEMA], displayName: `flood-${Date.now()}` });
    expect(group.status, group.text).toBe(201);
    const members = Array.from({ length: 100_000 }, (_, i) => String(i));
    const started = Date.now();
    const res = await scim(service, token, "PATCH", `/Groups/${group.body.id}`, patchBody([{ op: "add", path: "members", value: members }]));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.status, res.text.slice(0, 200)).toBe(400);
    expect(res.body).toEqual(scimError(400));
    expect(Number((await service.db.query("select count(*) from scim_group_members where group_id = $1", [group.body.id])).rows[0].count)).toBe(0);
  }, 30_000);

  it("lone surrogates in a field or a filter are 400, never stored as U+FFFD", async () => {
    const before = await tenantUsers();
    const res = await scim(service, token, "POST", "/Users", undefined, { raw: JSON.stringify(userBody({ userName: uniqueEmail("sur"), givenName: "x" })).replace('"x"', '"a\\uD800b"') });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ status: "400", scimType: "invalidValue" });
    const filtered = await scim(service, token, "GET", `/Users?filter=${encodeURIComponent('userName eq "a\\uDC00"')}`);
    expect(filtered.status, filtered.text).toBe(400);
    expect(filtered.body).toMatchObject({ scimType: "invalidFilter" });
    expect(await tenantUsers()).toBe(before);
  });

  it("PATCH paths aimed at id, meta.created or schemas change nothing the server owns", async () => {
    const made = await scim(service, token, "POST", "/Users", userBody({ userName: uniqueEmail("ro") }));
    expect(made.status).toBe(201);
    for (const path of ["id", "meta.created", "schemas", "meta", "groups", "password", "urn:ietf:params:scim:schemas:core:2.0:User:id"]) {
      const res = await scim(service, token, "PATCH", `/Users/${made.body.id}`, patchBody([{ op: "replace", path, value: path === "schemas" ? [] : "00000000-0000-0000-0000-000000000000" }]));
      expect([200, 400], `${path}: ${res.text}`).toContain(res.status);
      if (res.status === 400) expect(res.body, path).toEqual(scimError(400));
    }
    const pathless = await scim(service, token, "PATCH", `/Users/${made.body.id}`, patchBody([{ op: "replace", value: { id: "00000000-0000-0000-0000-000000000000", meta: { created: "2000-01-01T00:00:00Z" } } }]));
    expect([200, 400]).toContain(pathless.status);
    const after = await scim(service, token, "GET", `/Users/${made.body.id}`);
    expect(after.body.id).toBe(made.body.id);
    expect(after.body.meta.created).toBe(made.body.meta.created);
    expect(after.body.schemas).toEqual([USER_SCHEMA]);
  });

  it("startIndex and count of -1, 0, 1e9, text and 10 digits are a page or 400 invalidValue, never 500", async () => {
    for (const [startIndex, count] of [["-1", "-1"], ["0", "0"], ["1e9", "1"], ["abc", "1"], ["1", "x"], ["9999999999", "1"], ["999999999", "999999999"], ["1", "1.5"]]) {
      const res = await scim(service, token, "GET", `/Users?startIndex=${startIndex}&count=${count}`);
      if (res.status === 200) expect(res.body.Resources.length).toBeLessThanOrEqual(200);
      else expect(res.body, `${startIndex}/${count}`).toMatchObject({ status: "400", scimType: "invalidValue" });
    }
  });

  it("a filter built for regex blow-up or 1 MB (or an unterminated quote) is refused quickly, not a 500", async () => {
    for (const filter of [`userName eq "${"\\\\".repeat(400)}`, `${"a".repeat(5000)} eq "x"`, `userName eq "${"x".repeat(10_000)}"`, `userName eq "`]) {
      const started = Date.now();
      const res = await scim(service, token, "GET", `/Users?filter=${encodeURIComponent(filter)}`);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(res.status, `${filter.slice(0, 40)}: ${res.text.slice(0, 200)}`).not.toBe(500);
      if (res.status !== 200) expect(res.body).toMatchObject({ scimType: "invalidFilter" });
    }
  });

  it("deeply nested JSON and a 1 MB PATCH path are 400 or 413, nothing written", async () => {
    const before = await tenantUsers();
    const nested = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
    const res = await scim(service, token, "POST", "/Users", undefined, { raw: nested });
    expect([400, 413]).toContain(res.status);
    expect(res.body).toEqual(scimError(res.status));
    const deepValue = `{"schemas":["${USER_SCHEMA}"],"userName":"${uniqueEmail("deep")}","name":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`;
    const deep = await scim(service, token, "POST", "/Users", undefined, { raw: deepValue });
    expect(deep.status).not.toBe(500);
    const made = await scim(service, token, "POST", "/Users", userBody({ userName: uniqueEmail("longpath") }));
    const longPath = await scim(service, token, "PATCH", `/Users/${made.body.id}`, patchBody([{ op: "replace", path: "a".repeat(900_000), value: "x" }]));
    expect(longPath.status).toBe(400);
    expect(longPath.body).toMatchObject({ scimType: "invalidPath" });
    // The nested `name.a` is an unknown sub-attribute, ignored: that user may be made.
    expect(await tenantUsers()).toBe(before + 1 + (deep.status === 201 ? 1 : 0));
  });

  it("a huge Content-Length without its body is 413 at once; a wrong content type does not reach past the token", async () => {
    const url = new URL(`${service.url}/scim/v2/Users`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/scim+json", "content-length": String(1024 * 1024 * 1024) } }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.write("{");
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(scimError(413));
    const before = await tenantUsers();
    const form = await scim(service, null, "POST", "/Users", undefined, { raw: "userName=x", contentType: "application/x-www-form-urlencoded" });
    expect(form.status).toBe(401);
    expect(await tenantUsers()).toBe(before);
  });

  it("a token of workspace A reads B's user ids as 404, the same as ids that do not exist", async () => {
    const other = await signedInOwner(service, { slugPrefix: "scimatk-b", name: "Other Co" });
    const otherToken = await scimToken(service, other.user);
    const theirs = await scim(service, otherToken, "POST", "/Users", userBody({ userName: uniqueEmail("theirs") }));
    const foreign = await scim(service, token, "GET", `/Users/${theirs.body.id}`);
    const missing = await scim(service, token, "GET", "/Users/00000000-0000-4000-8000-000000000000");
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body.detail.replace(theirs.body.id, "ID")).toBe(missing.body.detail.replace("00000000-0000-4000-8000-000000000000", "ID"));
    const groupsBefore = await tenantGroups();
    const grab = await scim(service, token, "POST", "/Groups", { schemas: [GROUP_SCHEMA], displayName: `grab-${Date.now()}`, members: [{ value: theirs.body.id }] });
    expect(grab.status).toBe(400);
    expect(await tenantGroups()).toBe(groupsBefore);
  });
});

describe("SCIM token floods", () => {
  it("wrong tokens are counted per address as wrong keys are: past the limit even the right token is 429 in SCIM's body, nothing looked up", async () => {
    const limited = await startService({ label: "scim-attacks-flood", env: { KEY_FAILURE_RATE_LIMIT_PER_ADDRESS: "3" } });
    try {
      const { user } = await signedInOwner(limited, { slugPrefix: "scimflood" });
      const good = await scimToken(limited, user);
      for (const wrong of ["svc_scim_" + "A".repeat(43), "not-a-token", ""]) {
        const res = await scim(limited, wrong, "GET", "/Users");
        expect(res.status).toBe(401);
        expect(res.body).toEqual(scimError(401));
      }
      const refused = await scim(limited, good, "GET", "/Users");
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(scimError(429));
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      await limited.stop();
    }
  }, 90_000);
});
