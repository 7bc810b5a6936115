import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/platform/config";
import { isRedirectUrlAllowed } from "../../server/platform/security/redirect-allow-list";
import { compileUriGlob } from "../../server/platform/security/uri-glob";
import { HOSTILE } from "../support/hostile-strings";

/** GoTrue's URI_ALLOW_LIST and IsRedirectURLValid (ADR 076), as redirectTarget applies them. */
const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;
const SITE = "https://svc.example.com";
const allowed = (list: string[], requested: string, site = SITE) => isRedirectUrlAllowed(site, list.map(compileUriGlob), requested);

describe("URI_ALLOW_LIST globs (gobwas/glob with '.' and '/' as separators)", () => {
  it("`*` matches within one host label or path segment, `**` across them", () => {
    const glob = (pattern: string) => compileUriGlob(pattern);
    expect(glob("https://*.example.com").test("https://app.example.com")).toBe(true);
    expect(glob("https://*.example.com").test("https://a.b.example.com")).toBe(false);
    expect(glob("https://**.example.com").test("https://a.b.example.com")).toBe(true);
    expect(glob("http://localhost:5173/*").test("http://localhost:5173/cb")).toBe(true);
    expect(glob("http://localhost:5173/*").test("http://localhost:5173/a/b")).toBe(false);
    expect(glob("http://localhost:5173/**").test("http://localhost:5173/a/b?x=1")).toBe(true);
    expect(glob("http://localhost:517?/**").test("http://localhost:5174/")).toBe(true);
    expect(glob("http://localhost:{3000,5173}/**").test("http://localhost:5173/x")).toBe(true);
    expect(glob("http://localhost:{3000,5173}/**").test("http://localhost:8080/x")).toBe(false);
    expect(glob("http://app[0-9].example.com/**").test("http://app7.example.com/")).toBe(true);
    expect(glob("http://app[!0-9].example.com/**").test("http://app7.example.com/")).toBe(false);
    expect(glob("http://example.com/\\*").test("http://example.com/*")).toBe(true);
    expect(glob("http://example.com/\\*").test("http://example.com/x")).toBe(false);
  });

  it("is literal otherwise: regular-expression characters and case match only themselves", () => {
    expect(compileUriGlob("https://a.example.com/(x)+$").test("https://a.example.com/(x)+$")).toBe(true);
    expect(compileUriGlob("https://a.example.com/").test("https://aXexample.com/")).toBe(false);
    expect(compileUriGlob("https://a.example.com/").test("HTTPS://A.EXAMPLE.COM/")).toBe(false);
  });

  it("refuses at start a pattern gobwas refuses, one without a scheme, or a script scheme, naming it", () => {
    const problems: Record<string, string> = {
      "http://localhost:5173/[abc": `"http://localhost:5173/[abc" is not a valid pattern: "[" at 22 is never closed`,
      "http://{a,b.example.com/**": `is never closed`,
      "http://example.com/[]": "is empty",
      "http://example.com/\\": "unfinished escape",
      "**": `"**" does not start with a scheme`,
      "localhost:5173": "", // a scheme named localhost: allowed, as GoTrue would compile it
      "javascript:**": "javascript: URLs are never a redirect target",
    };
    for (const [value, message] of Object.entries(problems)) {
      if (message === "") expect(loadConfig(env({ URI_ALLOW_LIST: value })).URI_ALLOW_LIST).toEqual([value]);
      else expect(() => loadConfig(env({ URI_ALLOW_LIST: value })), value).toThrow(message);
    }
    expect(() => loadConfig(env({ URI_ALLOW_LIST: "http://ok.example/**, ftp://{a" }))).toThrow(/^Invalid configuration: URI_ALLOW_LIST: "ftp:\/\/\{a" is not a valid pattern/);
  });

  it("is empty by default and a trimmed list when set", () => {
    expect(loadConfig(env({})).URI_ALLOW_LIST).toEqual([]);
    expect(loadConfig(env({ URI_ALLOW_LIST: " http://localhost:5173/** ,, com.example.app://callback " })).URI_ALLOW_LIST).toEqual(["http://localhost:5173/**", "com.example.app://callback"]);
  });
});

describe("which redirect_to may receive a session (GoTrue's IsRedirectURLValid)", () => {
  it("takes the site URL's scheme and host on its port, and any port of a loopback site", () => {
    expect(allowed([], "https://svc.example.com/dashboard?x=1#y")).toBe(true);
    expect(allowed([], "https://svc.example.com:8443/")).toBe(false);
    expect(allowed([], "http://svc.example.com/")).toBe(false);
    expect(allowed([], "https://svc.example.com.evil.test/")).toBe(false);
    expect(allowed([], "http://localhost:5173/cb", "http://localhost:3000")).toBe(true);
    expect(allowed([], "http://app.localhost:5173/cb", "http://app.localhost:3000")).toBe(true);
  });

  it("takes a loopback IP address always and another IP address never, listed or not", () => {
    expect(allowed([], "http://127.0.0.1:5173/cb")).toBe(true);
    expect(allowed([], "http://[::1]:5173/cb")).toBe(true);
    expect(allowed(["http://10.0.0.5/**"], "http://10.0.0.5/cb")).toBe(false);
    expect(allowed(["http://**"], "http://192.168.1.1/")).toBe(false);
  });

  it("takes what the list matches, ports, paths and schemes included, without the fragment", () => {
    const list = ["http://localhost:5173/**", "https://*.example.org/auth/*", "com.example.app://callback", "http://localhost:8080"];
    expect(allowed(list, "http://localhost:5173/cb")).toBe(true);
    expect(allowed(list, "http://localhost:5173/cb#frag/../../x")).toBe(true);
    expect(allowed(list, "http://localhost:5174/cb")).toBe(false);
    expect(allowed(list, "https://localhost:5173/cb")).toBe(false);
    expect(allowed(list, "https://app.example.org/auth/done")).toBe(true);
    expect(allowed(list, "https://app.example.org/other/done")).toBe(false);
    expect(allowed(list, "https://app.example.org/auth/a/b")).toBe(false);
    expect(allowed(list, "https://a.b.example.org/auth/done")).toBe(false);
    expect(allowed(list, "com.example.app://callback")).toBe(true);
    expect(allowed(list, "com.example.app://callback/x")).toBe(false);
    expect(allowed(list, "http://localhost:8080")).toBe(true);
    expect(allowed(list, "http://localhost:8080/")).toBe(false);
    expect(allowed([], "http://localhost:5173/cb")).toBe(false);
  });

  it("refuses hostile strings, even under a list that would match them", () => {
    const everything = ["http://**", "https://**", "javascript:**", "data:**", "com.example.app:**"];
    const hostile = [
      "javascript:alert(document.cookie)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "http://allowed.example@evil.test/",
      "http://allowed.example:pw@evil.test/",
      "http://allowed.example\\@evil.test/",
      "http:\\\\evil.test",
      "http://evil.test\u0000.allowed.example/",
      "http://allowed.example/\u0000",
      "http://allowed.example/\n",
      "\thttp://allowed.example/",
      "http://allowed.example/\u0085",
      "http://ev il.test/",
      "http://evil_test/",
      "//evil.test/",
      "http://2130706434/",
      "http://0x7f.1/",
      "",
      "not a url",
      `http://allowed.example/${"a".repeat(1024 * 1024)}`,
    ];
    for (const requested of hostile) expect(allowed(everything, requested), JSON.stringify(requested.slice(0, 80))).toBe(false);
    for (const [name, value] of Object.entries(HOSTILE)) expect(allowed(everything, `http://allowed.example/${value}`), name).toBe(name === "lone high surrogate" || name === "lone low surrogate" || name === "right-to-left override" || name === "line separator");
  });

  it("matches the list against the address the browser will go to, not only the string (`*` cannot swallow a `?`)", () => {
    const list = ["https://*.example.org/**"];
    expect(allowed(list, "https://evil?.example.org/")).toBe(false);
    expect(allowed(list, "https://evil-test?x.example.org/")).toBe(false);
    expect(allowed(list, "https://app.example.org?x=1")).toBe(false);
    expect(allowed(list, "https://app.example.org/?x=1")).toBe(true);
  });

  it("answers a 1 MB pattern-heavy string quickly (bounded before matching)", () => {
    const list = ["https://**a**a**a**a**b"];
    const started = performance.now();
    expect(allowed(list, `https://${"a".repeat(1024 * 1024)}`)).toBe(false);
    expect(allowed(list, `https://x.example/${"a".repeat(2000)}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
