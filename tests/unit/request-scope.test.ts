import { afterEach, describe, expect, it, vi } from "vitest";
import { resetConfig } from "../../server/platform/config";
import { log } from "../../server/platform/log";
import { currentRequestId, requestIdFor, runInRequestScope } from "../../server/platform/request-scope";

afterEach(() => {
  delete process.env.TRUSTED_PROXIES;
  delete process.env.LOG_FORMAT;
  resetConfig();
  vi.restoreAllMocks();
});

describe("request ids", () => {
  it("takes a well-formed X-Request-Id from a trusted proxy (loopback by default) and makes a new one otherwise", () => {
    expect(requestIdFor("lb-7f3a.91", "127.0.0.1")).toBe("lb-7f3a.91");
    expect(requestIdFor("lb-7f3a.91", "::1")).toBe("lb-7f3a.91");
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(requestIdFor("lb-7f3a.91", "203.0.113.9")).toMatch(uuid); // not a trusted proxy
    expect(requestIdFor("has space", "127.0.0.1")).toMatch(uuid);
    expect(requestIdFor("x".repeat(129), "127.0.0.1")).toMatch(uuid);
    expect(requestIdFor("evil\nline", "127.0.0.1")).toMatch(uuid);
    expect(requestIdFor(undefined, "127.0.0.1")).toMatch(uuid);
    process.env.TRUSTED_PROXIES = "10.0.0.0/8";
    resetConfig();
    expect(requestIdFor("from-lb", "10.1.2.3")).toBe("from-lb");
    expect(requestIdFor("from-lb", "127.0.0.1")).toMatch(uuid);
  });

  it("puts the id on every log line written inside the request, and on none outside", () => {
    process.env.LOG_FORMAT = "json";
    resetConfig();
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    log.warn("outside");
    runInRequestScope("req-1", () => {
      expect(currentRequestId()).toBe("req-1");
      log.warn("inside", { step: 1 });
    });
    expect(lines.map((line) => JSON.parse(line)).map(({ message, requestId }) => ({ message, requestId }))).toEqual([
      { message: "outside", requestId: undefined },
      { message: "inside", requestId: "req-1" },
    ]);
  });
});
