import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/platform/config";

const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;

/** WEBHOOK_RETRY_SCHEDULE (README, ADR 041): the Standard Webhooks schedule unless an operator or a test replaces it. */
describe("WEBHOOK_RETRY_SCHEDULE", () => {
  it("defaults to the specification's schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h", () => {
    expect(loadConfig(env({})).WEBHOOK_RETRY_SCHEDULE).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000]);
  });

  it("takes seconds separated by commas, spaces allowed", () => {
    expect(loadConfig(env({ WEBHOOK_RETRY_SCHEDULE: "0, 1 ,2" })).WEBHOOK_RETRY_SCHEDULE).toEqual([0, 1, 2]);
    expect(loadConfig(env({ WEBHOOK_RETRY_SCHEDULE: "30" })).WEBHOOK_RETRY_SCHEDULE).toEqual([30]);
  });

  it("refuses anything else at start, naming the variable and the rule", () => {
    for (const value of ["", "1,,2", "-1", "1.5", "5m", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21"]) {
      expect(() => loadConfig(env({ WEBHOOK_RETRY_SCHEDULE: value })), value).toThrow(
        "Invalid configuration: WEBHOOK_RETRY_SCHEDULE: 1 to 20 whole numbers of seconds, separated by commas",
      );
    }
  });
});
