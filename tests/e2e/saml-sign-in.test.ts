import { describe, expect, it } from "vitest";
import { hasSimpleSamlPhp, startSimpleSamlPhp, type SimpleSamlPhp } from "../fakes/simplesamlphp";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { pkceAuthClient } from "../support/external-sign-in";
import { suiteService } from "../support/service";
import { suiteResource } from "../support/suite-resource";
import { serviceProviderOf, ssoAdmin, SSO_SERVICE_ROLE_KEY } from "../support/sso";

warnIfNoChromium("tests/e2e/saml-sign-in.test.ts");

/**
 * Issue 32, 1 (ADR 079): a real SAML identity provider nobody here wrote (SimpleSAMLphp),
 * registered through the admin API by its own metadata, signs a person in through Chromium:
 * auth-js `signInWithSSO({ domain })` unmodified, the IdP's login form, its signed response
 * posted to our ACS, `redirect_to?code=`, and `exchangeCodeForSession`.
 */
describe.skipIf(!hasChromium || !hasSimpleSamlPhp)("SAML single sign-on through SimpleSAMLphp", () => {
  const service = suiteService(() => ({ label: "e2e-saml", env: { SAML_ENABLED: "true", SERVICE_ROLE_KEY: SSO_SERVICE_ROLE_KEY } }));
  const idp: SimpleSamlPhp = suiteResource(
    () =>
      startSimpleSamlPhp(serviceProviderOf(service), [
        { username: "alice", password: "alice-pass", email: "alice@acme-saml.test", name: "Alice Liddell" },
        { username: "bob", password: "bob-pass", email: "Bob@Acme-Saml.test" },
      ]),
    (started) => started.close(),
  );
  const browser = suiteBrowser();

  async function signInThroughIdp(startUrl: string, username: string, password: string, landing: string): Promise<string> {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(startUrl);
      await page.locator("input[name=username]").fill(username);
      await page.locator("input[name=password]").fill(password);
      await page.locator("button[type=submit], input[type=submit]").first().click();
      await page.waitForURL((url) => url.href.startsWith(landing), { timeout: 20_000 });
      return page.url();
    } finally {
      await context.close();
    }
  }

  it("our metadata names our entity ID and ACS; the IdP's metadata registers a provider", async () => {
    const metadata = await fetch(`${service.url}/auth/v1/sso/saml/metadata`);
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get("content-type")).toBe("application/xml");
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${serviceProviderOf(service).entityId}"`);
    expect(xml).toContain(`Location="${serviceProviderOf(service).acsUrl}"`);
    const download = await fetch(`${service.url}/auth/v1/sso/saml/metadata?download=true`);
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="metadata.xml"');
    expect(await download.text()).toContain("validUntil=");
  });

  it("auth-js signInWithSSO({ domain }) → SimpleSAMLphp's login → ACS → redirect_to?code= → exchangeCodeForSession; a second sign-in is the same account", async () => {
    const created = await ssoAdmin(service, "POST", "", { type: "saml", metadata_xml: await idp.metadataXml(), domains: ["acme-saml.test"] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ saml: { entity_id: idp.entityId }, domains: [{ domain: "acme-saml.test" }], disabled: false });
    const providerId = created.body.id as string;

    const landing = `${service.url}/sso-landing`;
    const userIds: string[] = [];
    for (const round of [1, 2]) {
      const auth = pkceAuthClient(service);
      const { data, error } = await auth.signInWithSSO({ domain: "acme-saml.test", options: { redirectTo: landing } });
      expect(error).toBeNull();
      expect(data!.url).toContain(`${idp.url}/saml2/idp/SSOService.php?SAMLRequest=`);
      const arrived = new URL(await signInThroughIdp(data!.url, "alice", "alice-pass", landing));
      const code = arrived.searchParams.get("code");
      expect(code, `round ${round}: ${arrived.href}`).toBeTruthy();
      const exchanged = await auth.exchangeCodeForSession(code!);
      expect(exchanged.error).toBeNull();
      const user = exchanged.data.user!;
      expect(user.email).toBe("alice@acme-saml.test");
      expect(user.app_metadata.provider).toBe(`sso:${providerId}`);
      expect(user.identities?.map((identity) => identity.provider)).toContain(`sso:${providerId}`);
      userIds.push(user.id);
    }
    expect(userIds[1]).toBe(userIds[0]);
    const identities = await service.db.query(`select count(*)::int as n from auth_identities where provider = $1`, [`sso:${providerId}`]);
    expect(identities.rows[0].n).toBe(1);
  });

  it("without PKCE the session arrives in the fragment; an address is matched lower-cased", async () => {
    const response = await fetch(`${service.url}/auth/v1/sso`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: "anon" },
      body: JSON.stringify({ domain: "ACME-SAML.test", redirect_to: `${service.url}/implicit`, skip_http_redirect: true }),
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const arrived = new URL(await signInThroughIdp(url, "bob", "bob-pass", `${service.url}/implicit`));
    const fragment = new URLSearchParams(arrived.hash.slice(1));
    expect(fragment.get("token_type")).toBe("bearer");
    const me = await fetch(`${service.url}/auth/v1/user`, { headers: { authorization: `Bearer ${fragment.get("access_token")}`, apikey: "anon" } });
    expect(((await me.json()) as { email: string }).email).toBe("bob@acme-saml.test");
  });

  it("IdP-initiated (SimpleSAMLphp's own start, no AuthnRequest): signed in, landing on the RelayState URL it names", async () => {
    const landing = `${service.url}/from-idp`;
    const start = `${idp.url}/saml2/idp/SSOService.php?spentityid=${encodeURIComponent(serviceProviderOf(service).entityId)}&RelayState=${encodeURIComponent(landing)}`;
    const arrived = new URL(await signInThroughIdp(start, "alice", "alice-pass", landing));
    const fragment = new URLSearchParams(arrived.hash.slice(1));
    const me = await fetch(`${service.url}/auth/v1/user`, { headers: { authorization: `Bearer ${fragment.get("access_token")}`, apikey: "anon" } });
    expect(((await me.json()) as { email: string }).email).toBe("alice@acme-saml.test");
  });
});
