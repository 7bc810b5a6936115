import Bowser from "bowser";

/** What a person recognises of a session's user agent: "Firefox 133" on "Ubuntu". */
export interface DeviceDescription {
  /** Browser name and major version, or "Unknown browser". */
  browser: string;
  /** Operating system name (and version name where it has one), or "Unknown system". */
  system: string;
  /**
   * Browser and system names without versions: the pair a new-sign-in mail compares, so a
   * browser's own update is not a new device.
   */
  family: string;
}

/** Longer user agents are stored cut: nothing a parser reads lies past the first few hundred characters. */
export const MAX_USER_AGENT_LENGTH = 512;

/** Reads a user agent with bowser (maintained, MIT); an absent or unreadable one is "Unknown". */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  const browserName = parsed?.browser.name || "Unknown browser";
  const major = parsed?.browser.version?.split(".")[0];
  const systemName = parsed?.os.name || "Unknown system";
  const systemVersion = parsed?.os.versionName;
  return {
    browser: major && browserName !== "Unknown browser" ? `${browserName} ${major}` : browserName,
    system: systemVersion ? `${systemName} ${systemVersion}` : systemName,
    family: `${browserName} on ${systemName}`,
  };
}
