import { describe, expect, it } from "vitest";
import { readSessionCookie, sessionClearCookie, sessionSetCookie } from "../../server/identity/session-cookie";
import { withProcessSetting } from "../support/process-setting";

/**
 * The session cookie's name follows BASE_URL's scheme (ADR 059): `__Host-svc_session` on
 * https, which a browser takes only as Secure, Path=/ and without Domain, so no sibling host
 * can set it; `svc_session` on http (localhost, the tests). Only the current name is read.
 */
describe("the session cookie", () => {
  const onHttps = <T>(work: () => T) => withProcessSetting("BASE_URL", "https://svc.example.test", work);
  const onHttp = <T>(work: () => T) => withProcessSetting("BASE_URL", "http://127.0.0.1:3000", work);
  const attributes = (line: string) => line.split("; ").slice(1).sort();

  it("is __Host-svc_session on https: Secure, Path=/, HttpOnly, no Domain", () => {
    const set = onHttps(() => sessionSetCookie("access", "refresh"));
    expect(set.split("; ")[0]).toBe("__Host-svc_session=access~refresh");
    expect(attributes(set)).toEqual(["HttpOnly", "Max-Age=2592000", "Path=/", "SameSite=Lax", "Secure"]);
    expect(set).not.toMatch(/domain/i);
    const clear = onHttps(() => sessionClearCookie());
    expect(clear.split("; ")[0]).toBe("__Host-svc_session=");
    expect(attributes(clear)).toEqual(["HttpOnly", "Max-Age=0", "Path=/", "SameSite=Lax", "Secure"]);
  });

  it("stays svc_session on http, without Secure", () => {
    const set = onHttp(() => sessionSetCookie("access", "refresh"));
    expect(set.split("; ")[0]).toBe("svc_session=access~refresh");
    expect(attributes(set)).toEqual(["HttpOnly", "Max-Age=2592000", "Path=/", "SameSite=Lax"]);
  });

  it("reads only the name of the current scheme", () => {
    expect(onHttps(() => readSessionCookie("__Host-svc_session=a~b; pref=1"))).toBe("a~b");
    expect(onHttps(() => readSessionCookie("svc_session=a~b; pref=1"))).toBeUndefined();
    expect(onHttp(() => readSessionCookie("pref=1; svc_session=a~b"))).toBe("a~b");
    expect(onHttp(() => readSessionCookie("__Host-svc_session=a~b"))).toBeUndefined();
  });

  it("reads no session from a header that carries the cookie twice, in any order or spelling", () => {
    for (const header of ["svc_session=planted~x; svc_session=mine~y", "svc_session=mine~y;svc_session=planted~x", "a=1; svc_session=mine~y; b=2; svc_session=", "svc_session=a; svc_session=a"]) {
      expect([header, onHttp(() => readSessionCookie(header))]).toEqual([header, undefined]);
    }
    expect(onHttps(() => readSessionCookie("__Host-svc_session=planted; __Host-svc_session=mine"))).toBeUndefined();
    // Other cookies whose names contain ours are not ours.
    expect(onHttp(() => readSessionCookie("xsvc_session=1; svc_session=mine; svc_session_x=2"))).toBe("mine");
    expect(onHttps(() => readSessionCookie("svc_session=planted; __Host-svc_session=mine"))).toBe("mine");
  });
});
