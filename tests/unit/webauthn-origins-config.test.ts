import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/platform/config";

const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;

/** WEBAUTHN_RP_ORIGINS (README, ADR 048): exact origins besides BASE_URL's for passkey ceremonies. */
describe("WEBAUTHN_RP_ORIGINS", () => {
  it("is empty by default and a list of origins when set", () => {
    expect(loadConfig(env({})).WEBAUTHN_RP_ORIGINS).toEqual([]);
    expect(loadConfig(env({ WEBAUTHN_RP_ORIGINS: " http://localhost:5173, https://app.example.com " })).WEBAUTHN_RP_ORIGINS).toEqual(["http://localhost:5173", "https://app.example.com"]);
  });

  it("refuses at start what is not an exact http(s) origin", () => {
    for (const value of ["localhost:5173", "http://localhost:5173/", "https://app.example.com/login", "ftp://app.example.com"]) {
      expect(() => loadConfig(env({ WEBAUTHN_RP_ORIGINS: value })), value).toThrow(`is not an origin: write scheme, host and port only, like http://localhost:5173`);
    }
  });
});
