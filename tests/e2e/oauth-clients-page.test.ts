import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appWithKey, workspaceWithPeople } from "../support/actors";
import { suiteSetUp } from "../support/suite-resource";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import type { TestUser } from "../support/http";
import { sharedService } from "../support/shared-service";

warnIfNoChromium("tests/e2e/oauth-clients-page.test.ts");

/**
 * The app page's OAuth clients card in a real browser, at 1280 and 390 px (issue 15 "Clients"
 * (c), ADR 050): the owner creates a confidential client and sees its secret once (the one
 * whose hash is stored), rotates it, deletes it; a member is not shown the card.
 */
describe.skipIf(!hasChromium)("the app page's OAuth clients", () => {
  const service = sharedService();
  const browser = suiteBrowser();
  const team = suiteSetUp(async () => {
    const team = await workspaceWithPeople(service, { slugPrefix: "ocpage", name: "Client Co", people: { member: "member" } });
    return { ...team, appId: (await appWithKey(service, team.user, "Portal")).appId };
  });

  async function pageAt(width: number, person: TestUser): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name: "svc_session", value: person.cookie.slice("svc_session=".length), url: service.url }]);
    const page = await context.newPage();
    await page.goto(`${service.url}/apps/${team.appId}`);
    await page.waitForSelector("html[data-hydrated]");
    return page;
  }
  const storedHash = async (clientId: string) =>
    (await service.db.query("select secret_hash from oauth_registered_clients where client_id = $1", [clientId])).rows[0]?.secret_hash as string | undefined;
  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const width of [1280, 390]) {
    it(`creates a client and shows its secret once, rotates it and deletes the client (${width} px)`, { timeout: 60_000 }, async () => {
      const page = await pageAt(width, team.user);
      const card = page.getByRole("region", { name: "OAuth clients" });
      await card.getByLabel("Client name").fill(`Portal web ${width}`);
      await card.getByLabel("Redirect URIs").fill(`https://portal.example.com/callback\nhttp://127.0.0.1:8765/cb`);
      await card.getByLabel("Type").selectOption("confidential");
      await card.getByRole("button", { name: "Create client" }).click();

      const secret = (await page.getByTestId("new-client-secret").textContent())!;
      expect(secret).toMatch(/^svc_ocs_[A-Za-z0-9_-]{43}$/);
      const row = card.getByTestId("oauth-client").filter({ hasText: `Portal web ${width}` });
      await row.waitFor();
      const clientId = (await row.locator("code").first().textContent())!;
      expect(clientId).toMatch(/^svc_oc_/);
      // What the page showed is the secret whose hash the service keeps, and only its hash.
      expect(await storedHash(clientId)).toBe(`sha256$${createHash("sha256").update(secret).digest("base64url")}`);
      expect(await noSidewaysScroll(page)).toBe(true);

      await page.getByRole("button", { name: "I have saved it" }).click();
      await expect.poll(() => page.getByTestId("new-client-secret").count()).toBe(0);
      await page.reload();
      await page.waitForSelector("html[data-hydrated]");
      expect(await page.content()).not.toContain(secret);
      await card.getByTestId("oauth-client").filter({ hasText: `Portal web ${width}` }).waitFor();

      const again = card.getByTestId("oauth-client").filter({ hasText: `Portal web ${width}` });
      await again.getByRole("button", { name: `Rotate secret` }).click();
      await again.getByRole("button", { name: "Rotate: the old secret stops now" }).click();
      const rotated = (await again.getByTestId("new-client-secret").textContent())!;
      expect(rotated).toMatch(/^svc_ocs_/);
      expect(rotated).not.toBe(secret);
      expect(await storedHash(clientId)).toBe(`sha256$${createHash("sha256").update(rotated).digest("base64url")}`);
      expect(await noSidewaysScroll(page)).toBe(true);

      await again.getByRole("button", { name: "Delete" }).click();
      await again.getByRole("button", { name: "Delete client" }).click();
      await expect.poll(() => card.getByTestId("oauth-client").filter({ hasText: `Portal web ${width}` }).count(), { timeout: 15_000 }).toBe(0);
      expect(await storedHash(clientId)).toBeUndefined();
      await page.context().close();
    });
  }

  it("says what is wrong with a redirect URI, beside the field, and creates nothing", { timeout: 60_000 }, async () => {
    const page = await pageAt(1280, team.user);
    const card = page.getByRole("region", { name: "OAuth clients" });
    await card.getByLabel("Client name").fill("Broken");
    await card.getByLabel("Redirect URIs").fill("https://portal.example.com/cb#fragment");
    await card.getByRole("button", { name: "Create client" }).click();
    await expect
      .poll(() => card.getByRole("alert").textContent(), { timeout: 15_000 })
      .toBe("Each redirect URI must be an absolute http or https URL of at most 2000 characters, without a fragment or credentials");
    expect((await service.db.query("select 1 from oauth_registered_clients where name = 'Broken'")).rows).toEqual([]);
    await page.context().close();
  });

  it("does not show the card to a member", { timeout: 60_000 }, async () => {
    const page = await pageAt(390, team.member);
    await page.getByRole("heading", { name: "Environment variables" }).waitFor();
    expect(await page.getByRole("region", { name: "OAuth clients" }).count()).toBe(0);
    await page.context().close();
  });
});
