import { describe, expect, it } from "vitest";
import { carriesOurCredential } from "../../server/deployments/our-credentials";
import { cookieForTool, toolClearSiteData, toolSetCookie, withToolCookiesScoped } from "../../server/deployments/tool-cookies";
import { withProcessSetting } from "../support/process-setting";

/** Issue 27, ADR 059: what the app-proxy recognises as ours, and what it lets a tool set. */
const ISSUER_BASE = "https://svc.example.test";
const b64 = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");
const jwt = (claims: object) => `${b64({ alg: "ES256", typ: "JWT" })}.${b64(claims)}.${"s".repeat(86)}`;
const ours = jwt({ iss: `${ISSUER_BASE}/auth/v1`, sub: "u", exp: 1 });
const theirs = jwt({ iss: "https://accounts.example.org", sub: "u" });
const key = `svc_sk_${"k".repeat(43)}`;
const judged = (value: string) => withProcessSetting("BASE_URL", ISSUER_BASE, () => carriesOurCredential(value));

describe("a credential of ours, however it is spelled", () => {
  it("is found in any spelling of Authorization", () => {
    for (const token of [ours, key, `svc_at_${"a".repeat(43)}`, `svc_cs_${"c".repeat(43)}`]) {
      for (const value of [`Bearer ${token}`, `Bearer\t${token}`, `Bearer ${token},`, `Bearer ${token} x`, `bearer   ${token}`, token, `Bearer "${token}"`, `Bearer%20${token}`, `x, Bearer ${token}`, `Basic ${Buffer.from(`u:${token}`).toString("base64")}`, `Bearer ${token}junk`, `Bearer ${encodeURIComponent(encodeURIComponent(token))}`]) {
        expect([value.slice(0, 30), judged(value)]).toEqual([value.slice(0, 30), true]);
      }
    }
    // A header cut off the token, or the session cookie's `<jwt>~<refresh>`, is still ours; so is a key in capitals.
    expect(judged(`Bearer .${ours.split(".")[1]}.x`)).toBe(true);
    expect(judged(`${ours}~refresh`)).toBe(true);
    expect(judged(key.toUpperCase())).toBe(true);
    expect(judged(`Bearer ${key.replace(/_/g, "%255F")}`)).toBe(true);
  });

  it("is not found in a tool's own credentials", () => {
    for (const value of ["Bearer tool-own-api-key", `Bearer ${theirs}`, "Basic dXNlcjpwYXNz", "Bearer ey.ey.ey", `Bearer ${"%zz".repeat(10)}`, "", "Digest username=\"a\", realm=\"b\""]) {
      expect([value.slice(0, 30), judged(value)]).toEqual([value.slice(0, 30), false]);
    }
  });
});

describe("the tool's cookies", () => {
  it("keep their other pairs when one carries ours", () => {
    withProcessSetting("BASE_URL", ISSUER_BASE, () => {
      expect(cookieForTool(`svc_app_session=a; pref=1; token=${ours}; __Host-svc_session=x; api=${key}; cart=2`)).toBe("pref=1; cart=2");
      expect(cookieForTool("svc_app_session=a")).toBeNull();
    });
  });

  it("are set host-only, and never under our names", () => {
    expect(toolSetCookie("a=1; Domain=example.com; Path=/")).toBe("a=1; Path=/");
    expect(toolSetCookie("a=1;domain=.example.com")).toBe("a=1");
    expect(toolSetCookie("a=1; Path=/domain; Max-Age=5")).toBe("a=1; Path=/domain; Max-Age=5");
    expect(toolSetCookie("domain=1; Path=/")).toBe("domain=1; Path=/");
    for (const line of ["svc_session=x", "__Host-svc_session=x; Secure; Path=/", "__SECURE-svc_x=1", " svc_oauth_pending=1", "=svc_session=x", "svc_session", "=x"]) {
      expect([line, toolSetCookie(line)]).toEqual([line, null]);
    }
    expect(withToolCookiesScoped(["Content-Type", "text/plain", "SET-COOKIE", "a=1; DOMAIN=x", "Set-Cookie2", "b=2", "Clear-Site-Data", '"*"', "X", "y"])).toEqual(["Content-Type", "text/plain", "SET-COOKIE", "a=1", "X", "y"]);
    expect(toolClearSiteData('"cache", "cookies", "storage"')).toBe('"cache", "storage"');
  });
});
