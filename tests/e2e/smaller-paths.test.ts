import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { signedInOwner } from "../support/actors";
import { uniqueEmail, type TestUser } from "../support/http";
import { sharedService } from "../support/shared-service";

warnIfNoChromium("tests/e2e/smaller-paths.test.ts");

/** Issue 17, 1, the smaller paths that need a browser: a logo that is not an image, copying an invitation link. */
describe.skipIf(!hasChromium)("smaller paths in a browser", () => {
  const service = sharedService();
  const browser = suiteBrowser();
  let owner: TestUser;

  beforeAll(async () => {
    owner = (await signedInOwner(service)).user;
  });

  async function signedIn(path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: "svc_session", value: owner.cookie.slice("svc_session=".length), url: service.url }]);
    const page = await context.newPage();
    await page.goto(`${service.url}${path}`);
    await page.waitForSelector("html[data-hydrated]");
    return page;
  }

  it("refuses a logo that is not an image when it is chosen, with the server's words, and uploads nothing", async () => {
    const page = await signedIn("/settings");
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/tenants/me/logo")) uploads.push(request.url());
    });
    await page.locator('input[type="file"]').setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
    await expect.poll(() => page.getByRole("alert").allTextContents()).toEqual(["Use JPEG, PNG, WebP, or GIF"]);
    expect(await page.getByRole("button", { name: "Upload logo" }).count()).toBe(0);
    expect(uploads).toEqual([]);
    await page.context().close();
  });

  it("the members page shows a new invitation link with a Copy button that copies it", async () => {
    const page = await signedIn("/members");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: service.url });
    await page.getByLabel("Email").fill(uniqueEmail("copied"));
    await page.getByRole("button", { name: "Create invitation link" }).click();
    const link = await page.getByTestId("invitation-url").textContent();
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]+$/);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Copied" }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.context().close();
  });
});
