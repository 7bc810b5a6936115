import { describe, expect, it } from "vitest";
import { parseFilter } from "../../server/scim/scim-filter";
import { applyPatch, PATCH_SCHEMA } from "../../server/scim/scim-patch";
import { ScimError } from "../../server/scim/scim-error";
import { USER_FILTERS, USER_PATCH_SCHEMA, GROUP_PATCH_SCHEMA } from "../../server/scim/scim-schemas";

/** The SCIM area's two readers of directory input (ADR 080), without a service: what they accept and what they refuse. */
const refusal = (run: () => unknown): { status: number; scimType?: string } => {
  try {
    run();
  } catch (error) {
    if (error instanceof ScimError) return { status: error.status, scimType: error.scimType };
    throw error;
  }
  throw new Error("not refused");
};

describe("RFC 7644 §3.4.2.2 filters, read strictly", () => {
  it("reads eq comparisons joined by one of and / or, URN prefixes and escapes included", () => {
    expect(parseFilter('userName eq "ada@example.com"', USER_FILTERS)).toEqual({ join: "and", terms: [{ attribute: "userName", value: "ada@example.com" }] });
    expect(parseFilter('urn:ietf:params:scim:schemas:core:2.0:User:userName EQ "a" or externalId eq "b\\"c"', USER_FILTERS)).toEqual({
      join: "or",
      terms: [{ attribute: "userName", value: "a" }, { attribute: "externalId", value: 'b"c' }],
    });
    expect(parseFilter("active eq false", USER_FILTERS).terms).toEqual([{ attribute: "active", value: false }]);
  });

  it("refuses everything else with invalidFilter", () => {
    for (const filter of ['userName sw "a"', "userName pr", '(userName eq "a")', 'userName eq "a" and', 'userName eq "a" or x eq "b"', "userName eq a", 'userName eq "\\u0000"', 'emails[type eq "work"].value eq "a"', 'userName eq "a" and externalId eq "b" or id eq "c"', "x".repeat(1001)]) {
      expect(refusal(() => parseFilter(filter, USER_FILTERS)), filter).toEqual({ status: 400, scimType: "invalidFilter" });
    }
  });
});

describe("RFC 7644 §3.5.2 PATCH, applied to a resource's JSON", () => {
  const user = { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: "a", name: { givenName: "Ada", familyName: "L" }, emails: [{ value: "a@example.com", type: "work", primary: true }], active: true };
  const body = (Operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations });

  it("applies Okta's path-less replace and Entra's capitalised ops, string booleans left to the reader", () => {
    expect(applyPatch(user, body([{ op: "replace", value: { active: false, "name.givenName": "Grace" } }]), USER_PATCH_SCHEMA)).toMatchObject({ active: false, name: { givenName: "Grace", familyName: "L" } });
    expect(applyPatch(user, body([{ op: "Replace", path: "active", value: "False" }]), USER_PATCH_SCHEMA).active).toBe("False");
  });

  it("sets, adds and removes through value filters", () => {
    const moved = applyPatch(user, body([{ op: "replace", path: 'emails[type eq "work"].value', value: "b@example.com" }]), USER_PATCH_SCHEMA);
    expect(moved.emails).toEqual([{ value: "b@example.com", type: "work", primary: true }]);
    const added = applyPatch(user, body([{ op: "add", path: 'emails[type eq "home"].value', value: "h@example.com" }]), USER_PATCH_SCHEMA);
    expect(added.emails).toEqual([user.emails[0], { type: "home", value: "h@example.com" }]);
    const group = { displayName: "g", members: [{ value: "1" }, { value: "2" }] };
    expect(applyPatch(group, body([{ op: "remove", path: 'members[value eq "1"]' }]), GROUP_PATCH_SCHEMA).members).toEqual([{ value: "2" }]);
    expect(applyPatch(group, body([{ op: "remove", path: "members", value: [{ value: "2" }] }]), GROUP_PATCH_SCHEMA).members).toEqual([{ value: "1" }]);
    expect(applyPatch(group, body([{ op: "add", path: "members", value: [{ value: "2" }, { value: "3" }] }]), GROUP_PATCH_SCHEMA).members).toEqual([{ value: "1" }, { value: "2" }, { value: "3" }]);
  });

  it("ignores the core attributes it does not keep and extension schemas; refuses unknown paths, bad ops and a remove without a path", () => {
    expect(applyPatch(user, body([{ op: "add", path: "title", value: "x" }, { op: "replace", path: "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department", value: "y" }]), USER_PATCH_SCHEMA)).toEqual(user);
    expect(refusal(() => applyPatch(user, body([{ op: "add", path: "shoeSize", value: 1 }]), USER_PATCH_SCHEMA))).toEqual({ status: 400, scimType: "invalidPath" });
    expect(refusal(() => applyPatch(user, body([{ op: "copy", path: "active" }]), USER_PATCH_SCHEMA))).toEqual({ status: 400, scimType: "invalidSyntax" });
    expect(refusal(() => applyPatch(user, body([{ op: "remove" }]), USER_PATCH_SCHEMA))).toEqual({ status: 400, scimType: "noTarget" });
    expect(refusal(() => applyPatch(user, { Operations: [] }, USER_PATCH_SCHEMA))).toEqual({ status: 400, scimType: "invalidSyntax" });
    expect(refusal(() => applyPatch(user, body(Array(101).fill({ op: "add", path: "title", value: "x" })), USER_PATCH_SCHEMA))).toEqual({ status: 400, scimType: "invalidSyntax" });
  });

  it("leaves the resource it was given as it was", () => {
    const copy = structuredClone(user);
    applyPatch(user, body([{ op: "replace", path: "name.givenName", value: "Grace" }]), USER_PATCH_SCHEMA);
    expect(user).toEqual(copy);
  });
});
