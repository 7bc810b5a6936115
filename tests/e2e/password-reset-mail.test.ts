import { describe, expect, it } from "vitest";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { confirmedSignUp } from "../support/confirmed-signup";
import { suiteServiceWithMail } from "../support/mail-service";

warnIfNoChromium("tests/e2e/password-reset-mail.test.ts");

/** "Forgot password?" with SMTP_URL set, end to end in Chromium at phone and desktop width. */
describe.skipIf(!hasChromium)("password reset by mail in a browser", () => {
  const { smtp, service } = suiteServiceWithMail({ label: "e2e-reset-mail" });
  const browser = suiteBrowser();

  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    it(`${viewport.width}px: asks for the email, mails the link, and the link sets the password`, async () => {
      const person = await confirmedSignUp(service, smtp);
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${service.url}/login`);
      await page.waitForSelector("html[data-hydrated]");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
      await page.getByLabel("Email").fill(person.email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.getByRole("status").filter({ hasText: "If an account exists for this email, a reset link is on its way." }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(person.email)).length).toBe(1);
      const raw = smtp.received.find((mail) => mail.to.includes(person.email))!.raw.replace(/=\r?\n/g, "");
      const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(raw)![0];
      expect(link.startsWith(service.url)).toBe(true);

      await page.goto(link);
      await page.waitForSelector("html[data-hydrated]");
      await page.getByLabel("New password").fill("short");
      await page.getByRole("button", { name: "Save new password" }).click();
      await page.getByRole("alert").filter({ hasText: "Password should be at least 8 characters." }).waitFor();
      expect(await page.getByText(/8 characters/).count()).toBe(1);
      await page.getByLabel("New password").fill("mailed new passphrase");
      await page.getByRole("button", { name: "Save new password" }).click();
      await page.waitForURL(/\/login\?notice=password-reset$/);
      await page.getByLabel("Email").fill(person.email);
      await page.getByLabel("Password").fill("mailed new passphrase");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL(/\/onboarding$/);
      await context.close();
    }, 60_000);
  }
});
