import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/platform/config";

/** RFC 8628's `interval`: 5 seconds unless DEVICE_POLL_INTERVAL_SECONDS says otherwise, 1 to 60. */
describe("DEVICE_POLL_INTERVAL_SECONDS", () => {
  const env = { ...process.env, DEVICE_POLL_INTERVAL_SECONDS: undefined };

  it("is RFC 8628's 5 seconds unless set", () => {
    expect(loadConfig(env).DEVICE_POLL_INTERVAL_SECONDS).toBe(5);
    expect(loadConfig({ ...env, DEVICE_POLL_INTERVAL_SECONDS: "1" }).DEVICE_POLL_INTERVAL_SECONDS).toBe(1);
  });

  it("refuses a value outside 1 to 60 at start, naming the variable", () => {
    for (const value of ["0", "61", "2.5", "soon"]) {
      expect(() => loadConfig({ ...env, DEVICE_POLL_INTERVAL_SECONDS: value })).toThrow(/^Invalid configuration: DEVICE_POLL_INTERVAL_SECONDS: /);
    }
  });
});
