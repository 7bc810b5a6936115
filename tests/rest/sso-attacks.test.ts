import { describe, expect, it } from "vitest";
import { authnRequestIdOf, encodedResponse, forgingIdp } from "../fakes/saml-signer";
import { startService, suiteService } from "../support/service";
import { postForm, uniqueEmail } from "../support/http";
import { oidcCallbackOf, serviceProviderOf, ssoAdmin, SSO_SERVICE_ROLE_KEY } from "../support/sso";

/**
 * Issue 32's attack pass over single sign-on's public doors (beyond tests/rest/saml-attacks.test.ts):
 * hostile `domain` / `provider_id` at `POST /auth/v1/sso` are GoTrue's 400, never a 500;
 * `redirect_to` variants never leave the allow-list; the ACS refuses huge, non-base64 and
 * DTD-carrying responses fast; the OpenID callback never reflects HTML anywhere but a query.
 */
const A = forgingIdp("https://idp-atk.example/metadata");
const service = suiteService(() => ({ label: "sso-attacks", env: { SAML_ENABLED: "true", SERVICE_ROLE_KEY: SSO_SERVICE_ROLE_KEY } }));
let ready = false;
const sp = () => serviceProviderOf(service);
const rows = async (sql: string, params: unknown[] = []) => (await service.db.query(sql, params)).rows;

async function ensureProvider(): Promise<void> {
  if (ready) return;
  const made = await ssoAdmin(service, "POST", "", { type: "saml", metadata_xml: A.metadataXml, domains: ["atk-corp.test"] });
  expect(made.status).toBe(201);
  ready = true;
}

async function start(body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${service.url}/auth/v1/sso`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function postAcs(form: Record<string, string>): Promise<{ status: number; location: URL }> {
  const response = await fetch(sp().acsUrl, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form).toString() });
  return { status: response.status, location: new URL(response.headers.get("location")!) };
}

describe("POST /auth/v1/sso with hostile input", () => {
  it("a domain or provider_id with NUL, 1 MB, a non-uuid or a non-string is 4xx in GoTrue's body, never 500", async () => {
    await ensureProvider();
    const probes: unknown[] = [
      { domain: "atk\u0000corp.test" },
      { domain: "x".repeat(1024 * 1024 - 100) },
      { domain: "\uD800.test" },
      { domain: 42 },
      { domain: ["atk-corp.test"] },
      { provider_id: "not-a-uuid" },
      { provider_id: "00000000-0000-0000-0000-00000000000\u0000" },
      { provider_id: { $ne: null } },
      { provider_id: "x".repeat(1024 * 1024 - 100) },
    ];
    for (const body of probes) {
      const res = await start(body);
      const label = JSON.stringify(body).slice(0, 60);
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(res.body, label).toMatchObject({ code: res.status, error_code: expect.any(String), msg: expect.any(String) });
    }
  });

  it("redirect_to variants stored in the relay state land on the site URL after a good assertion, never off the allow-list", async () => {
    await ensureProvider();
    for (const redirectTo of ["javascript:alert(1)", "//evil.example/x", "http://127.0.0.1@evil.example/", "http:\\\\evil.example", "/\\evil.example", `${service.url}@evil.example`, "https://evil.example%2f@127.0.0.1/"]) {
      const started = await start({ domain: "atk-corp.test", redirect_to: redirectTo, skip_http_redirect: true });
      expect(started.status, redirectTo).toBe(200);
      const relayState = new URL(started.body.url).searchParams.get("RelayState")!;
      const email = uniqueEmail("atk-redirect").replace(/@.*/, "@atk-corp.test");
      const { status, location } = await postAcs({ SAMLResponse: A.response({ acsUrl: sp().acsUrl, audience: sp().entityId, email, inResponseTo: authnRequestIdOf(started.body.url) }), RelayState: relayState });
      expect(status, redirectTo).toBe(302);
      expect(location.origin, redirectTo).toBe(service.url);
      expect(location.href, redirectTo).not.toContain("evil.example");
    }
  });
});

describe("the ACS with hostile input", () => {
  const refusedFast = async (form: Record<string, string>, label: string) => {
    const started = Date.now();
    const { status, location } = await postAcs(form);
    expect(Date.now() - started, label).toBeLessThan(3000);
    expect(status, label).toBe(303);
    expect(location.origin + location.pathname, label).toBe(`${service.url}/`);
    expect(location.searchParams.get("error"), label).toBeTruthy();
    expect(location.searchParams.get("error_description"), label).not.toBe("Internal server error");
    return location;
  };

  it("a 10 MB response, non-base64, a DOCTYPE (billion laughs, external entity) or a 1 MB RelayState is refused fast, nothing written", async () => {
    await ensureProvider();
    const usersBefore = (await rows(`select count(*)::int as n from auth_users`))[0].n;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">&lol3;</saml:Issuer></samlp:Response>`;
    const external = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">&x;</saml:Issuer></samlp:Response>`;
    const email = uniqueEmail("atk-acs").replace(/@.*/, "@atk-corp.test");
    const good = A.response({ acsUrl: sp().acsUrl, audience: sp().entityId, email });
    for (const [label, form] of [
      ["10 MB", { SAMLResponse: "A".repeat(10 * 1024 * 1024) }],
      ["non-base64", { SAMLResponse: "%%%not base64!!!" }],
      ["billion laughs", { SAMLResponse: encodedResponse(laughs) }],
      ["external entity", { SAMLResponse: encodedResponse(external) }],
      ["1 MB RelayState", { SAMLResponse: good, RelayState: "r".repeat(1024 * 1024 - 10000) }],
      ["NUL RelayState", { SAMLResponse: good, RelayState: "http://a\u0000b" }],
      ["not XML", { SAMLResponse: Buffer.from("\u0000\u0001garbage").toString("base64") }],
    ] as Array<[string, Record<string, string>]>) {
      const location = await refusedFast(form, label);
      expect(location.href, label).not.toContain("root:");
    }
    expect((await rows(`select count(*)::int as n from auth_users`))[0].n).toBe(usersBefore);
  }, 60_000);
});

describe("the OpenID callback with hostile input", () => {
  it("a state of no provider, a missing code, or HTML in error_description: a redirect to the site URL with the error query, nothing reflected raw", async () => {
    const base = oidcCallbackOf(service);
    for (const query of ["", "?state=not-a-uuid", "?state=00000000-0000-4000-8000-000000000000&code=x", "?state=\u0000", `?state=${"a".repeat(2000)}`, `?state=${"-".repeat(36)}&code=x`, `?state=${"0".repeat(36)}&code=x`, "?error=access_denied&error_description=%3Cscript%3Ealert(1)%3C%2Fscript%3E&state=00000000-0000-4000-8000-000000000000"]) {
      const response = await fetch(`${base}${query}`, { redirect: "manual" });
      expect(response.status, query.slice(0, 60)).toBe(303);
      const location = response.headers.get("location")!;
      expect(location, query.slice(0, 60)).not.toMatch(/<script/i);
      expect(new URL(location).origin).toBe(service.url);
      // A refusal in words, never the database's error behind a `server_error`.
      expect(new URL(location).searchParams.get("error_description"), query.slice(0, 60)).not.toBe("Internal server error");
      expect(await response.text()).not.toMatch(/<script/i);
    }
  });
});

describe("home-realm discovery (/login/sso)", () => {
  it("look-ups and POST /auth/v1/sso starts are limited per address like sign-in (each its own bucket): past the limit 429, no answer about the domain, no relay state; a password sign-in from the address still works", async () => {
    const limited = await startService({ label: "sso-attacks-discovery-limit", env: { SAML_ENABLED: "true", SERVICE_ROLE_KEY: SSO_SERVICE_ROLE_KEY, SIGNIN_RATE_LIMIT_PER_ADDRESS: "3" } });
    try {
      const made = await ssoAdmin(limited, "POST", "", { type: "saml", metadata_xml: A.metadataXml, domains: ["probe-corp.test"] });
      expect(made.status).toBe(201);
      const discover = () => postForm(limited, "/login/sso?_data=routes%2Flogin_.sso", { email: "someone@probe-corp.test" });
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await discover();
        expect(answer.status).toBe(200);
        expect(await answer.json()).toMatchObject({ sso: true });
      }
      const refused = await discover();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({ sso: false });
      // Starts have their own bucket: three pass, the fourth is GoTrue's 429.
      const startOne = () => fetch(`${limited.url}/auth/v1/sso`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ domain: "probe-corp.test", skip_http_redirect: true }) });
      for (let attempt = 0; attempt < 3; attempt++) expect((await startOne()).status).toBe(200);
      const relayStates = (await limited.db.query("select count(*)::int as n from sso_relay_states")).rows[0].n;
      const tooMany = await startOne();
      expect(tooMany.status).toBe(429);
      expect(tooMany.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await tooMany.json()).toMatchObject({ code: 429, error_code: "over_request_rate_limit" });
      expect((await limited.db.query("select count(*)::int as n from sso_relay_states")).rows[0].n).toBe(relayStates);
      // Sign-in's own per-address bucket is untouched by the look-ups and starts.
      const email = uniqueEmail("hrd-limit");
      const signup = await fetch(`${limited.url}/auth/v1/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "a-long-password-1" }) });
      expect(signup.status).toBe(200);
      const signIn = await fetch(`${limited.url}/auth/v1/token?grant_type=password`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "a-long-password-1" }) });
      expect(signIn.status).not.toBe(429);
    } finally {
      await limited.stop();
    }
  }, 90_000);
});
