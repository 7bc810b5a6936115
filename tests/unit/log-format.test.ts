import { describe, expect, it } from "vitest";
import { chooseFormat, formatJson, formatPretty } from "../../server/platform/log-format";

// 09:41:07 local time, whatever the time zone the tests run in.
const time = new Date(2026, 10, 24, 9, 41, 7, 123).toISOString();

describe("log lines", () => {
  it("are JSON for machines", () => {
    expect(formatJson({ time, level: "info", message: "listening on http://localhost:3000" })).toBe(
      `{"time":"${time}","level":"info","message":"listening on http://localhost:3000"}\n`,
    );
  });

  it("read as one line on a terminal, detail as key=value", () => {
    expect(formatPretty({ time, level: "info", message: "listening on http://localhost:3000" })).toBe("09:41:07 INFO  listening on http://localhost:3000\n");
    expect(formatPretty({ time, level: "warn", message: "Service unavailable", detail: { requestId: "r-1", code: "SERVICE_UNAVAILABLE", note: "two words" } })).toBe(
      '09:41:07 WARN  Service unavailable requestId=r-1 code=SERVICE_UNAVAILABLE note="two words"\n',
    );
  });

  it("indent an error's stack below the line", () => {
    const out = formatPretty({ time, level: "error", message: "unhandled error", detail: { requestId: "r-2", error: { name: "Error", message: "boom", stack: "Error: boom\n    at x (y.ts:1:1)" } } });
    expect(out).toBe("09:41:07 ERROR unhandled error requestId=r-2 error=boom\n    Error: boom\n        at x (y.ts:1:1)\n");
  });

  it("colour only when asked", () => {
    expect(formatPretty({ time, level: "error", message: "x" }, true)).toBe("\u001b[90m09:41:07\u001b[0m \u001b[31mERROR\u001b[0m x\n");
  });
});

describe("log format choice", () => {
  it("is pretty on a terminal only, unless LOG_FORMAT says", () => {
    expect(chooseFormat("auto", true)).toBe("pretty");
    expect(chooseFormat("auto", false)).toBe("json");
    expect(chooseFormat("auto", undefined)).toBe("json");
    expect(chooseFormat("json", true)).toBe("json");
    expect(chooseFormat("pretty", false)).toBe("pretty");
  });
});

describe("readable detail", () => {
  it("renders a bare error (as log.ts describes it) with its stack indented", () => {
    const out = formatPretty({ time, level: "error", message: "shutdown", detail: { name: "Error", message: "boom", stack: "Error: boom\n    at x (y.ts:1:1)" } });
    expect(out).toBe("09:41:07 ERROR shutdown name=Error message=boom\n    Error: boom\n        at x (y.ts:1:1)\n");
  });

  it("quotes what would break key=value and keeps nested values compact", () => {
    const out = formatPretty({ time, level: "debug", message: "m", detail: { empty: "", eq: "a=b", quote: 'say "hi"', line: "a\nb", n: 3, ok: false, none: null, list: [1, "x"], nested: { a: 1 } } });
    expect(out).toBe('09:41:07 DEBUG m empty="" eq="a=b" quote="say \\"hi\\"" line="a\\nb" n=3 ok=false none=null list=[1,"x"] nested={"a":1}\n');
    expect(out.split("\n")).toHaveLength(2);
  });

  it("renders a detail that is not an object after the message", () => {
    expect(formatPretty({ time, level: "info", message: "count", detail: 42 })).toBe("09:41:07 INFO  count 42\n");
    expect(formatPretty({ time, level: "info", message: "said", detail: "two words" })).toBe('09:41:07 INFO  said "two words"\n');
  });
});
