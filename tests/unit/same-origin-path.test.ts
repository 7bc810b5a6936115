import { describe, expect, it } from "vitest";
import { sameOriginPath } from "../../server/platform/security/same-origin-path";

const BASE = "http://localhost:3000";

describe("sameOriginPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/apps/123?tab=env#vars", "/apps/123?tab=env#vars"],
    ["/dev/cli-bootstrap?cb=http%3A%2F%2F127.0.0.1%3A5000%2Fdone&mode=personal-key", "/dev/cli-bootstrap?cb=http%3A%2F%2F127.0.0.1%3A5000%2Fdone&mode=personal-key"],
    ["/a/../b", "/b"],
    ["/search?q=a%20b", "/search?q=a%20b"],
  ])("keeps the same-origin path %j", (value, expected) => {
    expect(sameOriginPath(value, BASE)).toBe(expected);
  });

  it.each([
    "/\t/evil.com",
    "/\n/evil.com",
    "/\r/evil.com",
    "/ /evil.com",
    "/\u00a0/evil.com",
    "/\u2028/evil.com",
    "/\u0000",
    "/\ud800",
    "//evil.com",
    "/\\evil.com",
    "\\/evil.com",
    "/%5Cevil.com",
    "/%2F%2Fevil.com",
    "/%2f/evil.com",
    "/%09/evil.com",
    "/%0A/evil.com",
    "/%E0%A4%A",
    "/..//evil.com",
    "/.%2E//evil.com",
    "https://evil.com/",
    "http://localhost:3000/dashboard",
    "javascript:alert(1)",
    "dashboard",
    "",
    `/${"a".repeat(3000)}`,
  ])("refuses %j", (value) => {
    expect(sameOriginPath(value, BASE)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(sameOriginPath(undefined, BASE)).toBeNull();
    expect(sameOriginPath(null, BASE)).toBeNull();
    expect(sameOriginPath(["/dashboard"], BASE)).toBeNull();
  });
});
