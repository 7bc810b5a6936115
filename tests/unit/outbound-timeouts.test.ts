import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/platform/config";

/**
 * How long third parties have to answer: the broker 10 s and a client ID metadata document 5 s
 * unless set. The suites that wait for a silent broker or document set 2 s; these keep the defaults.
 */
describe("BROKER_TIMEOUT_SECONDS and CLIENT_METADATA_TIMEOUT_SECONDS", () => {
  const env = { ...process.env, BROKER_TIMEOUT_SECONDS: undefined, CLIENT_METADATA_TIMEOUT_SECONDS: undefined };

  it("are 10 and 5 seconds unless set", () => {
    const config = loadConfig(env);
    expect([config.BROKER_TIMEOUT_SECONDS, config.CLIENT_METADATA_TIMEOUT_SECONDS]).toEqual([10, 5]);
    const set = loadConfig({ ...env, BROKER_TIMEOUT_SECONDS: "2", CLIENT_METADATA_TIMEOUT_SECONDS: "1" });
    expect([set.BROKER_TIMEOUT_SECONDS, set.CLIENT_METADATA_TIMEOUT_SECONDS]).toEqual([2, 1]);
  });

  it("refuses a value out of range or not a whole number at start, naming the variable", () => {
    for (const value of ["0", "121", "2.5", "soon"]) {
      expect(() => loadConfig({ ...env, BROKER_TIMEOUT_SECONDS: value })).toThrow(/^Invalid configuration: BROKER_TIMEOUT_SECONDS: /);
    }
    for (const value of ["0", "61", "2.5", "soon"]) {
      expect(() => loadConfig({ ...env, CLIENT_METADATA_TIMEOUT_SECONDS: value })).toThrow(/^Invalid configuration: CLIENT_METADATA_TIMEOUT_SECONDS: /);
    }
  });
});
