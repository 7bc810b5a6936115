import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolvedUrlProblem, type Resolve } from "../../server/external-sign-in/custom-provider-urls";
import { setProcessSetting } from "../support/process-setting";

/**
 * Issue 31, 5: a custom provider's URLs are checked at save as GoTrue's ValidateOAuthURL checks
 * them, the host name resolved and each of its addresses refused when it is not public, unless
 * CUSTOM_PROVIDERS_ALLOW_PRIVATE_URLS. The resolver is the test's: names and addresses as DNS could answer them.
 */
const answers: Record<string, string[]> = {
  "idp.example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  "inside.example.com": ["10.0.0.8"],
  "sneaky.example.com": ["93.184.215.14", "127.0.0.1"],
  "metadata.example.com": ["169.254.169.254"],
  "v6-inside.example.com": ["fd00::1"],
  "mapped.example.com": ["::ffff:192.168.1.1"],
};
const resolve: Resolve = async (hostname) => {
  const found = answers[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return found;
};

let saved: string | undefined;
beforeEach(() => {
  saved = process.env.CUSTOM_PROVIDERS_ALLOW_PRIVATE_URLS;
  setProcessSetting("CUSTOM_PROVIDERS_ALLOW_PRIVATE_URLS", "false");
});
afterEach(() => setProcessSetting("CUSTOM_PROVIDERS_ALLOW_PRIVATE_URLS", saved));

describe("a custom provider's URL at save", () => {
  it("passes a name that resolves to public addresses only", async () => {
    expect(await resolvedUrlProblem("https://idp.example.com/.well-known/openid-configuration", resolve)).toBeNull();
  });

  it.each([
    ["https://inside.example.com/token", "URL cannot resolve to private network addresses"],
    ["https://sneaky.example.com/token", "URL cannot resolve to loopback addresses"],
    ["https://metadata.example.com/latest", "URL cannot resolve to link-local addresses"],
    ["https://v6-inside.example.com/", "URL cannot resolve to private network addresses"],
    ["https://mapped.example.com/", "URL cannot resolve to private network addresses"],
    ["https://nowhere.example.com/", "Unable to resolve hostname"],
  ])("refuses %s: %s", async (url, message) => {
    expect(await resolvedUrlProblem(url, resolve)).toBe(message);
  });

  it("keeps the rules on the URL as written first (no lookup for them)", async () => {
    const never: Resolve = async () => {
      throw new Error("looked up");
    };
    expect(await resolvedUrlProblem("http://idp.example.com/", never)).toBe("URL must use HTTPS");
    expect(await resolvedUrlProblem("https://localhost/", never)).toBe("URL cannot point to localhost or loopback addresses");
    expect(await resolvedUrlProblem("https://10.1.2.3/", never)).toBe("URL cannot point to private IP addresses");
    expect(await resolvedUrlProblem("https://93.184.215.14/", never)).toBeNull();
  });

  it("resolves nothing with CUSTOM_PROVIDERS_ALLOW_PRIVATE_URLS (the operator's own network, the tests' fakes)", async () => {
    setProcessSetting("CUSTOM_PROVIDERS_ALLOW_PRIVATE_URLS", "true");
    const never: Resolve = async () => {
      throw new Error("looked up");
    };
    expect(await resolvedUrlProblem("http://inside.example.com/", never)).toBeNull();
  });
});
