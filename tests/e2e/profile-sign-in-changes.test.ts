import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { api, signUp, uniqueEmail, type TestUser } from "../support/http";
import { sharedService } from "../support/shared-service";

warnIfNoChromium("tests/e2e/profile-sign-in-changes.test.ts");

/**
 * Issue 28, 6: a signed-in person changes their password and their email on the profile
 * page, at 1280 and 390 px. A wrong current password is said beside its field and changes
 * nothing; the new password signs in and the old one no longer does; without mail (the shared
 * service sends none) the new address is the sign-in address at once.
 */
describe.skipIf(!hasChromium)("changing the sign-in address and password on the profile", () => {
  const service = sharedService();
  const browser = suiteBrowser();

  async function profileOf(person: TestUser, width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name: "svc_session", value: person.cookie.slice("svc_session=".length), url: service.url }]);
    const page = await context.newPage();
    await page.goto(`${service.url}/profile#sign-in`);
    await page.waitForSelector("html[data-hydrated]");
    return page;
  }
  const signsIn = async (email: string, password: string) =>
    (await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email, password } })).status === 200;

  for (const width of [1280, 390]) {
    it(`changes the password, then the email (${width} px)`, { timeout: 60_000 }, async () => {
      const person = await signUp(service);
      const page = await profileOf(person, width);
      const passwordForm = page.getByRole("form", { name: "Change password" });
      await passwordForm.getByLabel("Current password").fill("not my password");
      await passwordForm.getByLabel("New password").fill("a much better passphrase");
      await passwordForm.getByRole("button", { name: "Change password" }).click();
      await passwordForm.getByText("Your current password is not right").waitFor();
      expect(await signsIn(person.email, person.password)).toBe(true);

      await passwordForm.getByLabel("Current password").fill(person.password);
      await passwordForm.getByRole("button", { name: "Change password" }).click();
      await passwordForm.getByRole("status").filter({ hasText: "Password changed." }).waitFor();
      // The passwords typed leave the fields once the change is made.
      await expect.poll(() => passwordForm.getByLabel("New password").inputValue()).toBe("");
      expect(await signsIn(person.email, "a much better passphrase")).toBe(true);
      expect(await signsIn(person.email, person.password)).toBe(false);

      const newEmail = uniqueEmail("moved");
      const emailForm = page.getByRole("form", { name: "Change email" });
      await emailForm.getByLabel("New email").fill(newEmail);
      await emailForm.getByLabel("Current password").fill("a much better passphrase");
      await emailForm.getByRole("button", { name: "Change email" }).click();
      await emailForm.getByRole("status").filter({ hasText: `You now sign in as ${newEmail}.` }).waitFor();
      expect(await signsIn(newEmail, "a much better passphrase")).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.context().close();
    });
  }
});
