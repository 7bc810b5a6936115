import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { invitedPerson, signedInOwner, type TenantOwner } from "../support/actors";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { contextSignedInByForm } from "../support/browser-sign-in";
import { formSignIn, signUp } from "../support/http";
import { sharedService } from "../support/shared-service";
import { CHROME_ON_LINUX, FIREFOX_ON_WINDOWS } from "../support/user-agents";

warnIfNoChromium("tests/e2e/account-activity.test.ts");

/**
 * Issue 20 section 4, in Chromium at both widths: a member (who cannot open /audit) signs in
 * and finds that sign-in first in the profile's "Recent account activity", with its browser,
 * system and address; older events come with "Show more"; a person in no workspace is told
 * why nothing is recorded.
 */
describe.skipIf(!hasChromium)("recent account activity on the profile page in Chromium", () => {
  const service = sharedService();
  const browser = suiteBrowser();
  let owner: TenantOwner;

  beforeAll(async () => {
    owner = await signedInOwner(service, { slugPrefix: "activity" });
  });

  /** A sign-in outside the browser under test: an older event of the person's account. */
  async function signInFrom(person: { email: string; password: string }, userAgent: string): Promise<void> {
    const res = await formSignIn(service, person, userAgent);
    if (res.status !== 302) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  }

  async function signedInContext(person: { email: string; password: string }, width: number): Promise<BrowserContext> {
    return contextSignedInByForm(browser, service.url, person, { userAgent: CHROME_ON_LINUX, viewport: { width, height: 900 } });
  }

  for (const width of [1280, 390]) {
    it(`at ${width} px: a member sees this sign-in first, with its browser and address, and older ones with "Show more"`, async () => {
      const person = await invitedPerson(service, owner.user, "member");
      // Twenty older sign-ins from another browser: with this one, one more than the first page holds.
      for (let i = 0; i < 20; i++) await signInFrom(person, FIREFOX_ON_WINDOWS);
      const context = await signedInContext(person, width);
      const page = await context.newPage();
      await page.goto(`${service.url}/profile`);
      await page.waitForSelector("html[data-hydrated]");
      const card = page.getByRole("region", { name: "Recent account activity" });
      const rows = card.getByRole("row");
      // A header row and the newest twenty events.
      await expect.poll(() => rows.count()).toBe(21);
      const newest = await rows.nth(1).innerText();
      expect(newest).toContain("Signed in");
      expect(newest).toContain("Chrome 131 on Linux");
      expect(newest).toContain("127.0.0.1");
      await expect(rows.nth(2).innerText()).resolves.toContain("Firefox 133 on Windows");
      // Nothing wider than the window, at either width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await card.getByRole("button", { name: "Show more" }).click();
      await expect.poll(() => rows.count()).toBe(22);
      await expect(rows.nth(21).innerText()).resolves.toContain("Firefox 133 on Windows");
      // The last page: nothing more to show.
      await expect.poll(() => card.getByRole("button", { name: "Show more" }).count()).toBe(0);
      await context.close();
    }, 90_000);
  }

  it("tells a person in no workspace that their account's activity is not recorded yet", async () => {
    const person = await signUp(service);
    const context = await signedInContext(person, 390);
    const page = await context.newPage();
    await page.goto(`${service.url}/profile`);
    await page.waitForSelector("html[data-hydrated]");
    const card = page.getByRole("region", { name: "Recent account activity" });
    await expect(card.innerText()).resolves.toContain(
      "Your account's activity is recorded in the audit log of each workspace you belong to. You are not in a workspace yet, so none is recorded.",
    );
    await context.close();
  }, 60_000);
});
