import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { startFakeDns, type FakeDns } from "../fakes/dns-server";
import { workspaceWithPeople } from "../support/actors";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { api, type TestUser } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource, suiteSetUp } from "../support/suite-resource";

warnIfNoChromium("tests/e2e/sso-settings-sections.test.ts");

/**
 * The Single sign-on page's "Email domains" and "SCIM provisioning" sections in Chromium, at
 * 1280 and 390 px, as the owner (issue 32, 3 and 4; ADR 087): a domain claimed, its TXT record
 * shown, Verify saying what DNS (the suite's own server, DNS_SERVERS) holds until it holds the
 * value, then removed; a SCIM token shown once, listed, revoked; a directory group's role set.
 */
describe.skipIf(!hasChromium)("the Single sign-on page's domains and SCIM sections", () => {
  const dns: FakeDns = suiteResource(startFakeDns, (started) => started.close());
  const service = suiteService(() => ({ label: "e2e-sso-sections", env: { DNS_SERVERS: dns.address } }));
  const browser = suiteBrowser();
  const team = suiteSetUp(() => workspaceWithPeople(service, { slugPrefix: "ssoui", name: "Acme SSO", people: { member: "member" } }));

  async function pageAt(width: number, person: TestUser): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name: "svc_session", value: person.cookie.slice("svc_session=".length), url: service.url }]);
    const page = await context.newPage();
    await page.goto(`${service.url}/settings/sso`);
    await page.waitForSelector("html[data-hydrated]");
    return page;
  }
  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const width of [1280, 390]) {
    it(`claims a domain, shows its TXT record, verifies it once DNS holds it, removes it (${width} px)`, { timeout: 60_000 }, async () => {
      const page = await pageAt(width, team.user);
      const section = page.getByRole("region", { name: "Email domains" });
      const domain = `corp${width}.example`;
      await section.getByRole("textbox", { name: "Domain" }).fill(domain);
      await section.getByRole("button", { name: "Claim domain" }).click();
      const row = section.getByTestId("workspace-domain").filter({ hasText: domain });
      await row.waitFor();
      expect(await row.getByTestId("txt-record-name").textContent()).toBe(`_svc-verification.${domain}`);
      const value = (await row.getByTestId("txt-record-value").textContent())!;
      expect(value).toMatch(/^svc-verification=[A-Za-z0-9_-]{32}$/);
      expect(await noSidewaysScroll(page)).toBe(true);

      // Not there yet: the sentence says what was expected and what was found.
      await row.getByRole("button", { name: `Verify ${domain}` }).click();
      await expect.poll(() => row.getByRole("alert").textContent()).toBe(`Expected a TXT record _svc-verification.${domain} holding "${value}", found no TXT record there`);
      dns.txt.set(`_svc-verification.${domain}`, ["v=spf1 -all"]);
      await row.getByRole("button", { name: `Verify ${domain}` }).click();
      await expect.poll(() => row.getByRole("alert").textContent()).toBe(`Expected a TXT record _svc-verification.${domain} holding "${value}", found "v=spf1 -all"`);
      dns.mode = "silent";
      await row.getByRole("button", { name: `Verify ${domain}` }).click();
      await expect.poll(() => row.getByRole("alert").textContent(), { timeout: 20_000 }).toMatch(new RegExp(`^Could not look up the TXT record _svc-verification\\.${domain.replace(".", "\\.")}: the DNS resolver did not answer`));
      dns.mode = "answer";
      dns.txt.set(`_svc-verification.${domain}`, ["v=spf1 -all", value]);
      await row.getByRole("button", { name: `Verify ${domain}` }).click();
      await expect.poll(() => row.getByRole("status").last().textContent()).toBe(`${domain} is verified: its TXT record was found.`);
      await expect.poll(() => row.getByText("verified", { exact: true }).count()).toBe(1);
      expect(await row.getByTestId("txt-record-value").count()).toBe(0);
      expect(await noSidewaysScroll(page)).toBe(true);

      // A second claim of the same domain is a sentence beside the field.
      await section.getByRole("textbox", { name: "Domain" }).fill(domain.toUpperCase());
      await section.getByRole("button", { name: "Claim domain" }).click();
      await expect.poll(() => section.getByText(`${domain} is already claimed by this workspace`).count()).toBe(1);

      await row.getByRole("button", { name: `Remove ${domain}` }).click();
      await row.getByRole("button", { name: "Remove domain" }).click();
      await expect.poll(() => section.getByTestId("workspace-domain").filter({ hasText: domain }).count(), { timeout: 15_000 }).toBe(0);
      expect((await service.db.query("select count(*)::int as n from workspace_domains where domain = $1", [domain])).rows[0].n).toBe(0);
      await page.context().close();
    });

    it(`shows the SCIM base URL, a new token once, lists and revokes it, and sets a group's role (${width} px)`, { timeout: 60_000 }, async () => {
      // A directory group to map, pushed through SCIM with a token made through REST.
      const made = await api(service, "/api/tenants/me/scim-tokens", { method: "POST", cookie: team.user.cookie });
      expect(made.status, made.text).toBe(201);
      const group = await fetch(`${service.url}/scim/v2/Groups`, {
        method: "POST",
        headers: { authorization: `Bearer ${made.body.token}`, "content-type": "application/scim+json" },
        body: JSON.stringify({ schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName: `Engineering ${width}` }),
      });
      expect(group.status).toBe(201);
      const groupId = ((await group.json()) as { id: string }).id;

      const page = await pageAt(width, team.user);
      const section = page.getByRole("region", { name: "SCIM provisioning" });
      expect(await section.getByTestId("scim-base-url").textContent()).toBe(`${service.url}/scim/v2`);
      const before = await section.getByTestId("scim-token").count();
      await section.getByRole("button", { name: "Create SCIM token" }).click();
      const token = (await page.getByTestId("new-scim-token").textContent())!;
      expect(token).toMatch(/^svc_scim_/);
      await expect.poll(() => section.getByRole("note").first().textContent()).toContain("it will not be shown again");
      await expect.poll(() => section.getByTestId("scim-token").count()).toBe(before + 1);
      expect(await noSidewaysScroll(page)).toBe(true);
      // The token works, and "last used" follows.
      const used = await fetch(`${service.url}/scim/v2/Users`, { headers: { authorization: `Bearer ${token}` } });
      expect(used.status).toBe(200);

      await page.getByRole("button", { name: "I have saved it" }).click();
      await expect.poll(() => page.getByTestId("new-scim-token").count()).toBe(0);
      await page.reload();
      await page.waitForSelector("html[data-hydrated]");
      await section.getByTestId("scim-token").first().waitFor();
      expect(await page.content()).not.toContain(token);
      const prefix = (await service.db.query("select display_prefix from scim_tokens where $1 like display_prefix || '%'", [token])).rows[0].display_prefix as string;
      const tokenRow = section.getByTestId("scim-token").filter({ hasText: prefix });
      expect(await tokenRow.textContent()).not.toContain("never");

      const groupRow = section.getByTestId("scim-group").filter({ hasText: `Engineering ${width}` });
      await groupRow.getByLabel(`Role for Engineering ${width}`, { exact: true }).selectOption("viewer");
      await groupRow.getByRole("button", { name: `Save role for Engineering ${width}` }).click();
      await expect.poll(() => groupRow.getByRole("status").textContent()).toBe(`Members of Engineering ${width} are now viewers.`);
      expect((await service.db.query("select role from scim_groups where id = $1", [groupId])).rows[0].role).toBe("viewer");
      expect(await noSidewaysScroll(page)).toBe(true);

      await tokenRow.getByRole("button", { name: `Revoke token ${prefix}` }).click();
      await tokenRow.getByRole("button", { name: "Revoke token", exact: true }).click();
      await expect.poll(async () => (await fetch(`${service.url}/scim/v2/Users`, { headers: { authorization: `Bearer ${token}` } })).status, { timeout: 15_000 }).toBe(401);
      await page.context().close();
    });
  }

  it("a member is sent away from the page (the sections' own refusal: tests/components/sso-sections.test.tsx)", { timeout: 60_000 }, async () => {
    const page = await pageAt(1280, team.member);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await page.context().close();
  });
});
