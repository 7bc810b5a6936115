import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/platform/config";

const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;

/** AUTH_URL (README, ADR 050): the authorization server's issuer, `{BASE_URL}/auth/v1` unless set. */
describe("AUTH_URL", () => {
  it("defaults to {BASE_URL}/auth/v1, and is taken without its trailing slash when set", () => {
    expect(loadConfig(env({ BASE_URL: "https://svc.example.com/" })).authUrl).toBe("https://svc.example.com/auth/v1");
    expect(loadConfig(env({ BASE_URL: "https://svc.example.com", AUTH_URL: "https://auth.example.com/identity/" })).authUrl).toBe("https://auth.example.com/identity");
    expect(loadConfig(env({ BASE_URL: "https://svc.example.com", AUTH_URL: "" })).authUrl).toBe("https://svc.example.com/auth/v1");
  });

  it("refuses at start what is not an absolute http(s) URL without query or fragment", () => {
    for (const value of ["auth.example.com", "/auth/v1", "ftp://auth.example.com", "https://auth.example.com/?x=1", "https://auth.example.com/#x"]) {
      expect(() => loadConfig(env({ AUTH_URL: value })), value).toThrow("Invalid configuration: AUTH_URL: an absolute http(s) URL without query or fragment");
    }
  });

  it("refuses AUTH_URL beside IDENTITY_PROVIDER_URL: the hosted provider's server is {auth_url} then", () => {
    expect(() => loadConfig(env({ AUTH_URL: "https://auth.example.com", IDENTITY_PROVIDER_URL: "https://idp.example.com" }))).toThrow(
      "Invalid configuration: AUTH_URL: only with the built-in identity provider; with IDENTITY_PROVIDER_URL the authorization server is the provider's own",
    );
  });
});
