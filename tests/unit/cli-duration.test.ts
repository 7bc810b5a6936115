import { describe, expect, it } from "vitest";
import { describeDuration } from "../../cli/src/lib/duration";

/** The timeout message names the wait: SPEC 4.6's default, and what SVC_LOGIN_TIMEOUT_MS sets. */
describe("svc login's timeout wording", () => {
  it.each([
    [300_000, "5 minutes"],
    [60_000, "1 minute"],
    [120_000, "2 minutes"],
    [90_000, "90 seconds"],
    [1_500, "1.5 seconds"],
    [1_000, "1 second"],
    [20_000, "20 seconds"],
    [250, "250 milliseconds"],
    [1, "1 millisecond"],
  ])("%d ms reads %s", (ms, text) => {
    expect(describeDuration(ms)).toBe(text);
  });
});
