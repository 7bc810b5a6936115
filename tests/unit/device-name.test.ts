import { describe, expect, it } from "vitest";
import { deviceName } from "../../app/lib/format";

describe("a session's device as the profile page names it", () => {
  it("names the browser and its system", () => {
    expect(deviceName({ browser: "Firefox 133", system: "Windows" })).toBe("Firefox 133 on Windows");
    expect(deviceName({ browser: "Unknown browser", system: "Linux" })).toBe("Unknown browser on Linux");
  });

  it("leaves out a system the user agent did not tell (a script, curl) instead of 'on Unknown system'", () => {
    expect(deviceName({ browser: "Unknown browser", system: "Unknown system" })).toBe("Unknown browser");
    expect(deviceName({ browser: "curl 8", system: "Unknown system" })).toBe("curl 8");
  });
});
