import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, warnIfNoChromium } from "../support/browser";
import { withServiceAndBrowser } from "../support/browser-suite";
import { submitLoginForm } from "../support/browser-sign-in";
import { createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { enrolSecurityKey, generateRecoveryCodes } from "../support/security-key";
import { addVirtualAuthenticator } from "../support/virtual-authenticator";
import { startServiceOnLocalhost, type RunningService } from "../support/service";

warnIfNoChromium("tests/e2e/two-step-security-key.test.ts");

const CANCELLED = "No security key was used: the prompt was closed or timed out, or this key is not the one on your account. Try again.";

/**
 * Issue 20 (ADR 049, amended) in Chromium at both widths: a person whose second factor is a
 * security key (a WebAuthn factor, enrolled through the GoTrue factor API) signs in with the
 * password, lands on the second page and presses "Use your security key"; a DevTools virtual
 * USB key holding the enrolled credential answers `navigator.credentials.get`. A browser
 * without that key (the prompt ends with no credential) gets the inline message, and the
 * code field still takes a recovery code. BASE_URL is http://localhost:port: the relying party.
 */
describe.skipIf(!hasChromium)("two-step sign-in with a security key in Chromium", () => {
  let service: RunningService;
  let browser: Browser;
  let origin: string;

  withServiceAndBrowser(() => startServiceOnLocalhost("e2e-two-step-key"), (started, opened) => void ([{ service, origin }, browser] = [started, opened]));

  /** A page whose browser has a USB security key; `enrolled`: the person's key is on it. */
  async function pageWithKey(width: number, enrolled?: Awaited<ReturnType<typeof enrolSecurityKey>>): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page, "security-key");
    const credential = enrolled?.device.credentials[0];
    if (credential) {
      await cdp.send("WebAuthn.addCredential", {
        authenticatorId,
        credential: {
          credentialId: Buffer.from(credential.id, "base64url").toString("base64"),
          isResidentCredential: false,
          rpId: "localhost",
          privateKey: (credential.privateKey.export({ format: "der", type: "pkcs8" }) as Buffer).toString("base64"),
          signCount: credential.counter,
        },
      });
    }
    return page;
  }

  async function passwordStep(page: Page, person: TestUser) {
    await submitLoginForm(page, origin, person);
    await page.waitForURL((url) => url.pathname === "/login/two-step", { timeout: 30_000 });
    await page.waitForSelector("html[data-hydrated]");
  }

  const sessionsOf = async (userId: string) =>
    (await service.db.query("select aal, mfa_method from auth_sessions where user_id = $1 and revoked_at is null order by created_at", [userId])).rows;

  for (const width of [1280, 390]) {
    it(`at ${width} px: the password, then "Use your security key", lands on the dashboard at aal2`, async () => {
      const person = await signUp(service);
      await createTenant(service, person, uniqueSlug("key"));
      const key = await enrolSecurityKey(service, person);
      const page = await pageWithKey(width, key);
      await passwordStep(page, person);
      await page.getByText(`Your password for ${person.email} is right. Now use your security key.`).waitFor();
      // No authenticator app and no recovery codes: nothing to type.
      expect(await page.getByLabel("Code").count()).toBe(0);
      const button = page.getByRole("button", { name: "Use your security key" });
      expect((await button.boundingBox())!.width).toBeLessThanOrEqual(width);
      await button.click();
      await page.waitForURL((url) => url.pathname === "/dashboard", { timeout: 30_000 });
      await page.waitForSelector("html[data-hydrated]");
      const me = await page.evaluate(async () => (await fetch("/api/auth/me")).json());
      expect(me).toEqual({ loggedIn: true, userId: person.userId, email: person.email });
      expect(await sessionsOf(person.userId)).toEqual([
        { aal: "aal2", mfa_method: "mfa/webauthn" },
        { aal: "aal2", mfa_method: "mfa/webauthn" },
      ]);
      await page.context().close();
    }, 120_000);

    it(`at ${width} px: a browser without the key shows why, and the code field still takes a recovery code`, async () => {
      const person = await signUp(service);
      await createTenant(service, person, uniqueSlug("nokey"));
      const key = await enrolSecurityKey(service, person);
      const [recoveryCode] = await generateRecoveryCodes(service, key.aal2Token);
      const page = await pageWithKey(width);
      await passwordStep(page, person);
      await page.getByRole("button", { name: "Use your security key" }).click();
      await expect.poll(() => page.getByRole("alert").innerText(), { timeout: 30_000 }).toBe(CANCELLED);
      expect(new URL(page.url()).pathname).toBe("/login/two-step");
      expect(await page.evaluate(async () => (await fetch("/api/auth/me")).json())).toMatchObject({ loggedIn: false });

      await page.getByLabel("Recovery code").fill(recoveryCode!);
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard", { timeout: 30_000 });
      await page.context().close();
    }, 120_000);

    it(`at ${width} px: the profile lists the security key, and a touch of it removes it`, async () => {
      const person = await signUp(service);
      await createTenant(service, person, uniqueSlug("keyprof"));
      const key = await enrolSecurityKey(service, person, "Blue key");
      const page = await pageWithKey(width, key);
      await passwordStep(page, person);
      await page.getByRole("button", { name: "Use your security key" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard", { timeout: 30_000 });

      await page.goto(`${origin}/profile#two-step`);
      await page.waitForSelector("html[data-hydrated]");
      const card = page.getByRole("region", { name: "Two-step sign-in" });
      await card.getByText("Signing in asks for your security key.").waitFor();
      const row = card.getByRole("row", { name: /Security key/ });
      expect(await row.innerText()).toContain("Blue key");
      const remove = card.getByRole("button", { name: "Remove security key Blue key" });
      const box = (await remove.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await remove.click();
      await card.getByText("Two-step sign-in is off.").waitFor({ timeout: 30_000 });
      expect((await service.db.query("select 1 from auth_mfa_factors where user_id = $1", [person.userId])).rowCount).toBe(0);
      const activity = page.getByRole("region", { name: "Recent account activity" });
      await activity.getByText('Security key "Blue key" removed from two-step sign-in').waitFor({ timeout: 30_000 });
      await page.context().close();
    }, 120_000);
  }
});
