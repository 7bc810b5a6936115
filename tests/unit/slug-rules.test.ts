import { describe, expect, it } from "vitest";
import { isReservedSlug, reservedSlugs } from "../../server/tenants/reserved-slugs";
import { isValidSlugFormat, normalizeSlug } from "../../server/tenants/slug";

describe("slug format", () => {
  it.each(["ab", "a1", "acme", "acme-inc", "a-b-c", "x".repeat(20), "0a"])("accepts %s", (slug) => {
    expect(isValidSlugFormat(slug)).toBe(true);
  });
  it.each(["", "a", "x".repeat(21), "-ab", "ab-", "a--b", "a_b", "AB", "a b", "ä", "a.b"])("rejects %j", (slug) => {
    expect(isValidSlugFormat(slug)).toBe(false);
  });
  it("normalizes by trimming and lowercasing only", () => {
    expect(normalizeSlug("  Acme-Inc \n")).toBe("acme-inc");
  });
});

describe("reserved slugs", () => {
  it("holds about a hundred entries including every top-level route of the app", () => {
    expect(reservedSlugs.size).toBeGreaterThanOrEqual(100);
    for (const route of ["api", "auth", "dashboard", "connections", "dev", "login", "signup", "settings", "storage", "admin", "onboarding", "profile"]) {
      expect(isReservedSlug(route)).toBe(true);
    }
  });
  it("reserves system words and version-like slugs, not ordinary names", () => {
    for (const word of ["www", "mail", "root", "null", "undefined", "test", "staging", "v1", "v2026"]) expect(isReservedSlug(word)).toBe(true);
    for (const free of ["acme", "v1a", "version", "av1"]) expect(isReservedSlug(free)).toBe(false);
  });
});
