import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { authnRequestIdOf, forgingIdp } from "../fakes/saml-signer";
import { workspaceWithPeople } from "../support/actors";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import type { TestUser } from "../support/http";
import { suiteService } from "../support/service";
import { serviceProviderOf, SSO_SERVICE_ROLE_KEY } from "../support/sso";
import { suiteSetUp } from "../support/suite-resource";

warnIfNoChromium("tests/e2e/single-sign-on-page.test.ts");

/**
 * The workspace's "Single sign-on" page (/settings/sso; issue 32 item 3, ADR 086) in a real
 * browser at 1280 and 390 px: the owner adds a SAML provider by uploading its metadata, sees
 * what to paste, tests the connection (the identity provider is played by a page route that
 * posts a signed response to our ACS and sends the browser where the ACS says) and reads the report, maps groups to roles, sees
 * the rule refused before a domain is verified; members and viewers are sent away.
 */
describe.skipIf(!hasChromium)("the single sign-on page", () => {
  const service = suiteService(() => ({ label: "e2e-sso-page", env: { SAML_ENABLED: "true", SERVICE_ROLE_KEY: SSO_SERVICE_ROLE_KEY } }));
  const browser = suiteBrowser();
  const team = suiteSetUp(() => workspaceWithPeople(service, { slugPrefix: "ssopage", name: "SSO Co", people: { member: "member", viewer: "viewer" } }));

  async function pageAt(width: number, person: TestUser, path = "/settings/sso"): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name: "svc_session", value: person.cookie.slice("svc_session=".length), url: service.url }]);
    const page = await context.newPage();
    await page.goto(`${service.url}${path}`);
    await page.waitForSelector("html[data-hydrated]");
    return page;
  }
  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const width of [1280, 390]) {
    it(`the owner adds a SAML provider, tests the connection and maps roles (${width} px)`, { timeout: 90_000 }, async () => {
      const idp = forgingIdp(`https://idp-${width}.example/metadata`);
      const sp = serviceProviderOf(service);
      const settings = await pageAt(width, team.user, "/settings");
      await settings.getByRole("link", { name: "Manage single sign-on" }).click();
      await settings.waitForURL(`${service.url}/settings/sso`);
      const page = settings;
      await page.waitForSelector("html[data-hydrated]");

      const paste = page.getByRole("region", { name: "What to paste into your identity provider" });
      await expect.poll(() => paste.textContent()).toContain(sp.acsUrl);
      expect(await paste.textContent()).toContain(sp.entityId);
      expect(await paste.textContent()).toContain(`${service.url}/auth/v1/sso/oidc/callback`);

      const providers = page.getByRole("region", { name: "Identity provider" });
      await providers.getByLabel("Metadata XML file").setInputFiles({ name: "metadata.xml", mimeType: "application/xml", buffer: Buffer.from(idp.metadataXml) });
      await providers.getByRole("button", { name: "Add identity provider" }).click();
      const provider = providers.getByRole("article", { name: `SAML: ${idp.entityId}` });
      await provider.waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);

      // The identity provider: answers the AuthnRequest with a signed response posted back to our ACS.
      await page.route(/^https:\/\/idp\.invalid\//, async (route) => {
        const url = route.request().url();
        const relayState = new URL(url).searchParams.get("RelayState") ?? "";
        const response = idp.response({ acsUrl: sp.acsUrl, audience: sp.entityId, email: `tester-${width}@corp.example`, inResponseTo: authnRequestIdOf(url) });
        // Posted from here, not from an https page to the http ACS (Chromium holds insecure form posts for a warning).
        const acs = await fetch(sp.acsUrl, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ SAMLResponse: response, RelayState: relayState }).toString(),
        });
        await route.fulfill({ status: 302, headers: { location: acs.headers.get("location") ?? "" } });
      });
      await provider.getByRole("button", { name: "Test connection" }).click();
      await page.waitForURL(/\/settings\/sso\?tested=/);
      await page.waitForSelector("html[data-hydrated]");
      const report = page.getByRole("status", { name: "Connection test report" });
      await expect.poll(() => report.textContent()).toContain("The connection works");
      expect(await report.textContent()).toContain(`tester-${width}@corp.example`);
      expect((await service.db.query("select 1 from auth_users where email = $1", [`tester-${width}@corp.example`])).rows).toEqual([]);
      expect(await noSidewaysScroll(page)).toBe(true);

      const mapping = page.getByRole("form", { name: `Mapping of ${idp.entityId}` });
      await mapping.getByLabel("Groups attribute").fill("groups");
      await mapping.getByLabel("Group to role").fill("Admins = owner");
      await mapping.getByRole("button", { name: "Save mapping" }).click();
      await expect.poll(() => mapping.getByRole("alert").textContent()).toContain("A mapping never gives the owner role");
      await mapping.getByLabel("Group to role").fill("Engineering = member\nContractors = viewer");
      await mapping.getByLabel("Default role").selectOption("viewer");
      await mapping.getByRole("button", { name: "Save mapping" }).click();
      await expect.poll(() => mapping.getByRole("status").textContent()).toContain("Mapping saved");
      const saved = await service.db.query("select attribute_mapping->'group_roles' as group_roles, default_role from sso_providers where entity_id = $1", [idp.entityId]);
      expect(saved.rows[0]).toEqual({ group_roles: { Engineering: "member", Contractors: "viewer" }, default_role: "viewer" });

      const rule = page.getByRole("region", { name: "Require single sign-on" });
      await rule.getByLabel("Require single sign-on for people on verified domains").check();
      await rule.getByRole("button", { name: "Save rule" }).click();
      await expect.poll(() => rule.getByRole("alert").textContent()).toContain("verify at least one email domain");
      expect(await noSidewaysScroll(page)).toBe(true);

      await provider.getByRole("button", { name: `Remove SAML: ${idp.entityId}` }).click();
      await provider.getByRole("button", { name: "Remove provider" }).click();
      await expect.poll(() => providers.getByRole("article", { name: `SAML: ${idp.entityId}` }).count()).toBe(0);
      await page.context().close();
    });
  }

  it("sends members and viewers away, as the workspace settings do", { timeout: 60_000 }, async () => {
    for (const person of [team.member, team.viewer]) {
      const page = await pageAt(390, person);
      expect(new URL(page.url()).pathname).toBe("/dashboard");
      expect(new URL(page.url()).searchParams.get("notice")).toBe("owner-only");
      await page.context().close();
    }
  });
});
