import { describe, expect, it } from "vitest";
import { initials } from "../../app/components/Avatar";

/** Issue 28, 6: a catalog card showed "G(" for a name with a parenthesis. */
describe("initials", () => {
  it.each([
    ["Google (Workspace)", "GW"],
    ["(Beta) Linear", "BL"],
    ["GitHub", "G"],
    ["Acme Robotics International", "AR"],
    ["ada.lovelace@example.com", "AL"],
    ["x-y_z", "XY"],
    ["3M Company", "3C"],
    ["Émile Zola", "ÉZ"],
    ["𝒜lpha beta", "𝒜B"],
    ["C++ / Rust!", "CR"],
    ["(((", "?"],
    ["", "?"],
  ])("%j → %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
