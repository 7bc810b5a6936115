import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasSimpleSamlPhp, startSimpleSamlPhp, type SimpleSamlPhp } from "../fakes/simplesamlphp";
import { signedInOwner } from "../support/actors";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { postForm } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource, suiteSetUp } from "../support/suite-resource";
import { serviceProviderOf, ssoAdmin, SSO_SERVICE_ROLE_KEY } from "../support/sso";

warnIfNoChromium("tests/e2e/sso-home-realm.test.ts");

/**
 * /login's home-realm discovery (issue 32, 3; ADR 087) with a real SAML identity provider
 * (SimpleSAMLphp): the address typed names a domain whose workspace has a provider and has
 * verified the domain, /login offers "Sign in with single sign-on", and the person ends signed
 * in on /dashboard, a member of that workspace. Discovery answers by domain only.
 */
describe.skipIf(!hasChromium || !hasSimpleSamlPhp)("home-realm discovery on /login", () => {
  const service = suiteService(() => ({ label: "e2e-sso-hrd", env: { SAML_ENABLED: "true", SERVICE_ROLE_KEY: SSO_SERVICE_ROLE_KEY } }));
  const idp: SimpleSamlPhp = suiteResource(
    () => startSimpleSamlPhp(serviceProviderOf(service), [{ username: "carol", password: "carol-pass", email: "carol@acme-hrd.test", name: "Carol Danvers" }]),
    (started) => started.close(),
  );
  const browser = suiteBrowser();
  const setUp = suiteSetUp(async () => {
    const owner = await signedInOwner(service, { slugPrefix: "hrd", name: "Acme HRD" });
    const created = await ssoAdmin(service, "POST", "", { type: "saml", metadata_xml: await idp.metadataXml(), domains: ["acme-hrd.test"] });
    expect(created.status).toBe(201);
    // The workspace's own provider (as its owner will make it on the Single sign-on page).
    await service.db.query("update sso_providers set tenant_id = $1 where id = $2", [owner.tenantId, created.body.id]);
    return { owner, providerId: created.body.id as string };
  });

  const discover = async (email: string) => {
    const response = await postForm(service, "/login/sso?_data=routes%2Flogin_.sso", { email });
    expect(response.status).toBe(200);
    return ((await response.json()) as { sso: boolean }).sso;
  };
  const verifyDomain = () =>
    service.db.query("insert into workspace_domains (tenant_id, domain, verification_token, verified_at, verified_by) values ($1, 'acme-hrd.test', 'test', now(), 'admin') on conflict do nothing", [setUp.owner.tenantId]);

  /** /login: the address typed, "Sign in with single sign-on", SimpleSAMLphp's form (`beforeSubmit` just before it is sent). */
  async function signInAsCarol(page: Page, beforeSubmit: () => Promise<unknown> = async () => {}) {
    await page.goto(`${service.url}/login`);
    await page.waitForSelector("html[data-hydrated]");
    await page.getByLabel("Email").fill("carol@acme-hrd.test");
    await page.getByRole("link", { name: "Sign in with single sign-on" }).click();
    await page.locator("input[name=username]").fill("carol");
    await page.locator("input[name=password]").fill("carol-pass");
    await beforeSubmit();
    await page.locator("button[type=submit], input[type=submit]").first().click();
  }

  it("answers by the domain only: a workspace's provider counts once the workspace verified the domain; not for a disabled provider or another domain", async () => {
    expect(await discover("carol@acme-hrd.test")).toBe(false);
    await verifyDomain();
    expect(await discover("carol@acme-hrd.test")).toBe(true);
    // An address nobody has: the same answer (discovery says nothing of accounts).
    expect(await discover("nobody-here@ACME-HRD.test")).toBe(true);
    expect(await discover(setUp.owner.user.email)).toBe(false);
    expect(await discover("not an address")).toBe(false);
    await service.db.query("update sso_providers set disabled = true where id = $1", [setUp.providerId]);
    expect(await discover("carol@acme-hrd.test")).toBe(false);
    await service.db.query("update sso_providers set disabled = false where id = $1", [setUp.providerId]);
    // The service administrator's provider (no workspace) needs no workspace's verification.
    await service.db.query("update sso_providers set tenant_id = null where id = $1", [setUp.providerId]);
    await service.db.query("delete from workspace_domains where domain = 'acme-hrd.test'");
    expect(await discover("carol@acme-hrd.test")).toBe(true);
    await service.db.query("update sso_providers set tenant_id = $1 where id = $2", [setUp.owner.tenantId, setUp.providerId]);
  });

  it("a link for a domain without a provider ends on /login with a sentence", async () => {
    const response = await fetch(`${service.url}/login/sso?email=someone%40nowhere.test`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?upstream=sso&failure=failed");
  });

  it("types the address, follows 'Sign in with single sign-on' through SimpleSAMLphp, and lands signed in on /dashboard as a member", { timeout: 60_000 }, async () => {
    await verifyDomain();
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    try {
      await signInAsCarol(page);
      await page.waitForURL((url) => url.pathname === "/dashboard", { timeout: 20_000 });
      await page.waitForSelector("html[data-hydrated]");
      expect(await page.content()).toContain("Acme HRD");
      const member = await service.db.query(
        "select m.role from tenant_memberships m join auth_users u on u.id = m.user_id where u.email = 'carol@acme-hrd.test' and m.tenant_id = $1",
        [setUp.owner.tenantId],
      );
      expect(member.rows).toEqual([{ role: "member" }]);
      const cookies = await context.cookies(service.url);
      expect(cookies.map((cookie) => cookie.name)).toContain("svc_session");
      expect(cookies.map((cookie) => cookie.name)).not.toContain("svc_upstream_sign_in");
    } finally {
      await context.close();
    }
  });

  it("a sign-in the ACS refuses (the provider turned off meanwhile) ends on /login with a sentence, signed out", { timeout: 60_000 }, async () => {
    await verifyDomain();
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInAsCarol(page, () => service.db.query("update sso_providers set disabled = true where id = $1", [setUp.providerId]));
      await page.waitForURL((url) => url.pathname === "/login", { timeout: 20_000 });
      expect(new URL(page.url()).search).toBe("?upstream=sso&failure=failed");
      expect(await page.getByRole("alert").textContent()).toBe("The sign-in did not work. Try again, or sign in another way.");
      expect((await context.cookies(service.url)).map((cookie) => cookie.name)).not.toContain("svc_session");
    } finally {
      await service.db.query("update sso_providers set disabled = false where id = $1", [setUp.providerId]);
      await context.close();
    }
  });
});
