import { describe, expect, it } from "vitest";
import { claimValues, displayNameOf, mappedClaims, roleOfGroups } from "../../server/sso/mapping";

/** ADR 085: GoTrue's attribute mapping over OpenID claims, and groups to roles (never owner). */
describe("single sign-on mapping", () => {
  const claims = { name: "Ada", mail: "ada@corp.example", groups: ["eng", "ops"], dept: "R&D" };
  const valuesOf = (name: string) => claimValues(claims, name);

  it("takes each mapped claim from `name` or `names`, else its default; `array` keeps every value", () => {
    const mapping = { keys: { email: { name: "mail" }, department: { names: ["division", "dept"] }, groups: { name: "groups", array: true }, team: { name: "team", default: "none" }, first: { name: "groups" } } };
    expect(mappedClaims(valuesOf, mapping)).toEqual({ email: "ada@corp.example", department: "R&D", groups: ["eng", "ops"], team: "none", first: "eng" });
    expect(mappedClaims(valuesOf, {})).toEqual({});
  });

  it("maps groups to member over viewer, to null when none matches, and never to owner", () => {
    const mapping = { group_roles: { eng: "viewer", ops: "member", root: "owner" } };
    expect(roleOfGroups(["eng", "ops"], mapping)).toBe("member");
    expect(roleOfGroups(["eng"], mapping)).toBe("viewer");
    expect(roleOfGroups("eng", mapping)).toBe("viewer");
    expect(roleOfGroups(["root"], mapping)).toBeNull();
    expect(roleOfGroups(undefined, mapping)).toBeNull();
  });

  it("names a person by the mapped name, else given and family name", () => {
    expect(displayNameOf({ name: " Ada Lovelace " })).toBe("Ada Lovelace");
    expect(displayNameOf({ given_name: "Ada", family_name: "Lovelace" })).toBe("Ada Lovelace");
    expect(displayNameOf({ name: "" })).toBeNull();
  });
});
