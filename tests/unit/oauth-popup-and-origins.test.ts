import { describe, expect, it } from "vitest";
import { exactOrigin } from "../../server/apps/allowed-origins";
import { scriptSafeJson } from "../../rest/oauth-popup-page";
import { integrationEnvRows } from "../../server/connections/env-rows";

describe("exactOrigin", () => {
  it("accepts bare http(s) origins and normalises default ports and case", () => {
    expect(exactOrigin("https://app.example.com")).toBe("https://app.example.com");
    expect(exactOrigin("http://127.0.0.1:5173")).toBe("http://127.0.0.1:5173");
    expect(exactOrigin("https://App.Example.com")).toBe("https://app.example.com");
    expect(exactOrigin("https://app.example.com:443")).toBe("https://app.example.com");
  });
  it("refuses anything that is not exactly an origin", () => {
    for (const bad of ["https://a.com/", "https://a.com/x", "https://a.com?x", "https://a.com#x", "https://u:p@a.com", "javascript:alert(1)", "null", "*", "a.com", "ftp://a.com", " https://a.com", "https://a.com\\@b.com", "", 42]) {
      expect([bad, exactOrigin(bad)]).toEqual([bad, null]);
    }
  });
});

describe("scriptSafeJson", () => {
  it("escapes <, >, &, U+2028 and U+2029 and still parses to the same value", () => {
    const value = { s: "</script><!--&\u2028\u2029" };
    const text = scriptSafeJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe("integrationEnvRows", () => {
  it("names the connection id and each context field after the provider, never a token", () => {
    expect(integrationEnvRows("google-drive", "svc_conn_x", { project_ref: "p", "weird key": "w" })).toEqual([
      { key: "GOOGLE_DRIVE_CONNECTION_ID", value: "svc_conn_x" },
      { key: "GOOGLE_DRIVE_PROJECT_REF", value: "p" },
      { key: "GOOGLE_DRIVE_WEIRD_KEY", value: "w" },
    ]);
  });
});
