import { describe, expect, it } from "vitest";
import { parseBootstrapRequest, parseLoopbackCallback } from "../../app/lib/loopback-callback";

describe("loopback callback (SPEC 4.6)", () => {
  it.each([
    ["http://127.0.0.1:53123/done", "127.0.0.1:53123"],
    ["http://[::1]:8080/done", "[::1]:8080"],
    ["http://localhost:1/done", "localhost:1"],
    ["http://127.0.0.1:65535/done", "127.0.0.1:65535"],
    ["http://127.0.0.1:80/done", "127.0.0.1:80"],
  ])("accepts %s", (cb, hostPort) => {
    expect(parseLoopbackCallback(cb)).toEqual({ ok: true, url: cb, hostPort });
  });

  it.each([
    "https://127.0.0.1:53123/done",
    "http://127.0.0.1.evil.com:1/done",
    "http://evil.com/done",
    "http://evil.example/done",
    "http://a@127.0.0.1:9/done",
    "http://a:b@127.0.0.1:9/done",
    "http://127.0.0.1:9@evil.com/done",
    "http://127.0.0.1:9/done2",
    "http://127.0.0.1:9/done/",
    "http://127.0.0.1:9/",
    "http://127.0.0.1:9",
    "http://127.0.0.1:9/Done",
    "http://127.0.0.1:9/x/../done",
    "http://127.0.0.1:9/%64one",
    "http://127.0.0.1:9/done?x=1",
    "http://127.0.0.1:9/done?",
    "http://127.0.0.1:9/done#frag",
    "http://127.0.0.1/done",
    "http://127.0.0.1:/done",
    "http://127.0.0.1:0/done",
    "http://127.0.0.1:70000/done",
    "http://127.0.0.1:65536/done",
    "http://127.0.0.1:08080/done",
    "http://127.0.0.1:-1/done",
    "http://127.1:9/done",
    "http://2130706433:9/done",
    "http://0x7f.0.0.1:9/done",
    "http://127.0.0.2:9/done",
    "http://0.0.0.0:9/done",
    "http://[::ffff:127.0.0.1]:9/done",
    "http://[0:0:0:0:0:0:0:1]:9/done",
    "http://LOCALHOST:9/done",
    "HTTP://127.0.0.1:9/done",
    "http://localhost.:9/done",
    "http://sub.localhost:9/done",
    " http://127.0.0.1:9/done",
    "http://127.0.0.1:9/done ",
    "http://127.0.0.1:9/do\tne",
    "http:\\\\127.0.0.1:9/done",
    "//127.0.0.1:9/done",
    "127.0.0.1:9/done",
    "ws://127.0.0.1:9/done",
    "file:///done",
    "javascript:alert(1)//127.0.0.1:9/done",
    "javascript:alert(1)",
    "data:text/html,http://127.0.0.1:9/done",
    "",
  ])("rejects %j", (cb) => {
    const result = parseLoopbackCallback(cb);
    expect(result.ok).toBe(false);
  });

  it("rejects a missing value", () => {
    expect(parseLoopbackCallback(null).ok).toBe(false);
    expect(parseLoopbackCallback(undefined).ok).toBe(false);
  });

  it("needs mode=personal-key as well as a loopback cb", () => {
    const good = "http://127.0.0.1:4000/done";
    expect(parseBootstrapRequest(new URLSearchParams({ cb: good, mode: "personal-key" }))).toEqual({
      ok: true,
      callbackUrl: good,
      hostPort: "127.0.0.1:4000",
    });
    expect(parseBootstrapRequest(new URLSearchParams({ cb: good }))).toMatchObject({ ok: false, problem: "mode" });
    expect(parseBootstrapRequest(new URLSearchParams({ cb: good, mode: "session" }))).toMatchObject({ ok: false, problem: "mode" });
    expect(parseBootstrapRequest(new URLSearchParams({ cb: "http://evil.example/done", mode: "personal-key" }))).toMatchObject({
      ok: false,
      problem: "callback",
    });
    // The query string the CLI prints, parsed as the page's loader does.
    const url = new URL("http://svc.test/dev/cli-bootstrap?cb=http://127.0.0.1:5000/done&mode=personal-key");
    expect(parseBootstrapRequest(url.searchParams)).toMatchObject({ ok: true, callbackUrl: "http://127.0.0.1:5000/done" });
  });
});
