import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { sharedService } from "../support/shared-service";

warnIfNoChromium("tests/e2e/deployment-app.test.ts");

/**
 * Issue 28, 6: a deployment's app is a choice the person sees and can change. Registering a
 * tool offers the workspace's apps; the deployment page names and links its app and moves the
 * tool to another one, at 1280 and 390 px.
 */
describe.skipIf(!hasChromium)("a deployment's app in the dashboard", () => {
  const service = sharedService();
  const browser = suiteBrowser();
  let owner: TestUser;
  const apps: Record<string, string> = {};

  beforeAll(async () => {
    owner = await signUp(service);
    await createTenant(service, owner, uniqueSlug("depapp"), "Depapp Co");
    for (const name of ["Billing", "Reports"]) apps[name] = (await api(service, "/api/apps", { method: "POST", cookie: owner.cookie, json: { name } })).body.id;
  }, 60_000);

  async function pageAt(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name: "svc_session", value: owner.cookie.slice("svc_session=".length), url: service.url }]);
    return context.newPage();
  }
  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const width of [1280, 390]) {
    it(`registers a tool under a chosen app, shows it, and moves it to another (${width} px)`, { timeout: 60_000 }, async () => {
      const page = await pageAt(width);
      const name = `tool-${width}`;
      await page.goto(`${service.url}/deployments`);
      await page.waitForSelector("html[data-hydrated]");
      const form = page.locator("form", { has: page.getByRole("button", { name: "Register deployment" }) });
      await form.getByLabel("Name", { exact: true }).fill(name);
      await form.getByLabel("Upstream URL").fill("http://127.0.0.1:9/");
      await form.getByLabel("App", { exact: true }).selectOption({ label: "Reports" });
      await form.getByRole("button", { name: "Register deployment" }).click();
      await page.waitForURL(new RegExp(`/deployments/${name}$`));

      const app = page.getByTestId("deployment-app");
      expect(await app.getByRole("link").textContent()).toBe("Reports");
      expect(await app.getByRole("link").getAttribute("href")).toBe(`/apps/${apps.Reports}`);
      expect(await noSidewaysScroll(page)).toBe(true);

      await page.getByLabel("App", { exact: true }).selectOption({ label: "Billing" });
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
      await page.reload();
      expect(await page.getByTestId("deployment-app").getByRole("link").textContent()).toBe("Billing");
      const stored = await service.db.query("select app_id from deployments where name = $1 and app_id = $2", [name, apps.Billing]);
      expect(stored.rows).toHaveLength(1);
      await page.context().close();
    });
  }
});
