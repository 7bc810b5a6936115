import type { Download, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { workspaceWithPeople } from "../support/actors";
import { suiteSetUp } from "../support/suite-resource";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { api, type TestUser } from "../support/http";
import { sharedService } from "../support/shared-service";

warnIfNoChromium("tests/e2e/audit-page.test.ts");

/**
 * The owner's /audit page in a real browser, at 1280 and 390 px: filter by action and by
 * actor, page through, export the filtered range as CSV and JSON Lines, and a refused filter
 * said plainly; members are sent away.
 */
describe.skipIf(!hasChromium)("the audit page in a browser", () => {
  const service = sharedService();
  const browser = suiteBrowser();
  /** An owner and a member of one workspace, with two apps and 55 renames to page through. */
  const audit = suiteSetUp(async () => {
    const audit = await workspaceWithPeople(service, { slugPrefix: "audit", name: "Audit Co", people: { member: "member" } });
    for (const name of ["Alpha", "Beta"]) expect((await api(service, "/api/apps", { method: "POST", cookie: audit.member.cookie, json: { name } })).status).toBe(201);
    for (let i = 1; i <= 55; i++) expect((await api(service, "/api/tenants/me", { method: "PATCH", cookie: audit.user.cookie, json: { name: `Audit Co ${i}` } })).status).toBe(200);
    return audit;
  }, 120_000);

  async function pageAs(user: TestUser, width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
    await context.addCookies([{ name: "svc_session", value: user.cookie.slice("svc_session=".length), url: service.url }]);
    return context.newPage();
  }
  async function open(page: Page, path: string) {
    await page.goto(`${service.url}${path}`);
    await page.waitForSelector("html[data-hydrated]");
  }
  /** A download's bytes as text (the shared browser runs apart: no local path, a stream). */
  const downloaded = async (download: Download) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };
  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  /** The action codes of the listed rows (each row names its action in words, its code beneath). */
  const actions = (page: Page) => page.getByTestId("audit-row").locator("td:first-child .cell-sub").allTextContents();

  for (const width of [1280, 390]) {
    it(`filters, pages and exports the log (${width} px)`, { timeout: 90_000 }, async () => {
      const page = await pageAs(audit.user, width);
      await open(page, "/dashboard");
      if (width < 600) await page.getByRole("button", { name: "Menu" }).click();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit log" }).click();
      await page.waitForURL(/\/audit$/);
      await page.getByRole("heading", { name: "Audit log" }).waitFor();
      expect(await page.getByTestId("audit-row").count()).toBe(50);
      expect(await noSidewaysScroll(page)).toBe(true);

      // The next page, then back to the newest.
      await page.getByRole("link", { name: "Older" }).click();
      await page.waitForURL(/cursor=/);
      await page.getByRole("link", { name: "Newest" }).waitFor();
      expect(await page.getByTestId("audit-row").count()).toBeGreaterThan(0);

      const filters = page.getByRole("search", { name: "Filter the audit log" });
      await filters.getByLabel("Action", { exact: true }).selectOption("app.created");
      await filters.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/action=app\.created/);
      await expect.poll(() => actions(page)).toEqual(["app.created", "app.created"]);
      expect(await page.getByTestId("audit-row").first().textContent()).toContain(audit.member.email);
      // In words: the action's name, and the app by its name rather than its id.
      const first = page.getByTestId("audit-row").first();
      expect(await first.locator("td:first-child .cell-title").textContent()).toBe("App created");
      expect(await first.locator("td").nth(3).textContent()).toBe("App Beta");

      await filters.getByLabel("Action", { exact: true }).selectOption("");
      await filters.getByLabel("Actor", { exact: true }).fill(audit.member.email);
      await filters.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/actor=/);
      await expect.poll(() => actions(page)).toEqual(["app.created", "app.created", "member.joined"]);
      expect(await noSidewaysScroll(page)).toBe(true);

      // The export carries the same filter.
      const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "CSV" }).click()]);
      const csvText = await downloaded(csv);
      expect(csvText.trim().split("\n").slice(1).map((line) => line.split(",")[3])).toEqual(["app.created", "app.created", "member.joined"]);
      const [jsonl] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "JSON Lines" }).click()]);
      const rows = (await downloaded(jsonl)).trim().split("\n").map((line) => JSON.parse(line));
      expect(rows.map((row) => [row.action, row.actor.email])).toEqual([
        ["app.created", audit.member.email],
        ["app.created", audit.member.email],
        ["member.joined", audit.member.email],
      ]);
      await page.context().close();
    });
  }

  it("says plainly when a filter is refused, and sends a member away", { timeout: 60_000 }, async () => {
    const page = await pageAs(audit.user, 1280);
    await open(page, "/audit?from=yesterday");
    expect(await page.getByRole("alert").textContent()).toBe("since and until must be ISO 8601 times");
    expect(await page.getByText("No entries match these filters.").count()).toBe(1);
    const asMember = await pageAs(audit.member, 390);
    await open(asMember, "/audit");
    expect(new URL(asMember.url()).pathname).toBe("/dashboard");
  });
});
