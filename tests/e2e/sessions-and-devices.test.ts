import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { contextSignedInByForm } from "../support/browser-sign-in";
import { signUp } from "../support/http";
import { sharedService } from "../support/shared-service";
import { CHROME_ON_LINUX as FIRST, FIREFOX_ON_WINDOWS as SECOND } from "../support/user-agents";

warnIfNoChromium("tests/e2e/sessions-and-devices.test.ts");

/**
 * Issue 20, section 3, in Chromium at both widths: two browsers signed in as one person; the
 * first ends the second's session from "Where you're signed in", and the second is refused
 * within a second.
 */
describe.skipIf(!hasChromium)("ending another browser's session in Chromium", () => {
  const service = sharedService();
  const browser = suiteBrowser();

  async function signedInContext(person: { email: string; password: string }, userAgent: string, width: number): Promise<BrowserContext> {
    return contextSignedInByForm(browser, service.url, person, { userAgent, viewport: { width, height: 900 } });
  }

  for (const width of [1280, 390]) {
    it(`at ${width} px: the first browser signs the second out, and the second is refused within 1 s`, async () => {
      const person = await signUp(service);
      // The sign-up's own session (not a browser here) is ended, so the list holds the two browsers.
      await service.db.query("update auth_sessions set revoked_at = now() where user_id = $1", [person.userId]);
      const first = await signedInContext(person, FIRST, width);
      const second = await signedInContext(person, SECOND, width);
      expect((await (await second.request.get(`${service.url}/api/auth/me`)).json()).loggedIn).toBe(true);

      const page = await first.newPage();
      await page.goto(`${service.url}/profile`);
      await page.waitForSelector("html[data-hydrated]");
      const card = page.getByRole("region", { name: "Where you're signed in" });
      const rows = card.getByRole("row");
      // A header row and the two browsers, this one first and marked.
      await expect.poll(() => rows.count()).toBe(3);
      await expect(rows.nth(1).innerText()).resolves.toContain("Chrome 131 on Linux");
      await expect(rows.nth(1).innerText()).resolves.toContain("This browser");
      await expect(rows.nth(2).innerText()).resolves.toContain("Firefox 133 on Windows");
      await expect(card.getByRole("link", { name: "CLI keys" }).getAttribute("href")).resolves.toBe("/keys");
      await expect(card.getByRole("link", { name: "authorized applications" }).getAttribute("href")).resolves.toBe("#authorized-applications");
      // Nothing wider than the window, at either width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await card.getByRole("button", { name: /^Sign out Firefox 133 on Windows/ }).click();
      await expect.poll(() => rows.count()).toBe(2);

      // The second browser is refused within a second: its check says so and its pages send it to sign in.
      const deadline = Date.now() + 1000;
      let loggedIn = true;
      while (loggedIn && Date.now() <= deadline) {
        loggedIn = (await (await second.request.get(`${service.url}/api/auth/me`)).json()).loggedIn;
      }
      expect(loggedIn).toBe(false);
      const refused = await second.newPage();
      await refused.goto(`${service.url}/profile`);
      await refused.waitForURL((url) => url.pathname === "/login");
      // The first browser is still signed in.
      expect((await (await first.request.get(`${service.url}/api/auth/me`)).json()).loggedIn).toBe(true);
      await first.close();
      await second.close();
    });
  }
});
