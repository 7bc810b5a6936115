import type { Browser, CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, warnIfNoChromium } from "../support/browser";
import { withServiceAndBrowser } from "../support/browser-suite";
import { submitLoginForm } from "../support/browser-sign-in";
import { addVirtualAuthenticator } from "../support/virtual-authenticator";
import { signUp } from "../support/http";
import { startServiceOnLocalhost, type RunningService } from "../support/service";

warnIfNoChromium("tests/e2e/passkeys.test.ts");

/**
 * Issue 20, 2, in Chromium with the DevTools protocol's virtual authenticator (a platform
 * authenticator that keeps discoverable credentials and verifies the user): register a passkey
 * on the profile page, rename it, sign out, sign in with it at /login, remove it; and the
 * passkey card at 390 px. The browser is at http://localhost:port, the service's BASE_URL: a
 * relying-party id cannot be an IP address.
 */
describe.skipIf(!hasChromium)("passkeys in Chromium", () => {
  let service: RunningService;
  let browser: Browser;
  let origin: string;

  withServiceAndBrowser(() => startServiceOnLocalhost("e2e-passkeys"), (started, opened) => void ([{ service, origin }, browser] = [started, opened]));

  async function withAuthenticator(page: Page): Promise<CDPSession> {
    return (await addVirtualAuthenticator(page, "platform")).cdp;
  }

  async function signOut(page: Page) {
    // Sign out sits in the account menu (docs/decisions/052).
    await page.getByRole("banner").getByRole("button", { name: /^Your account: / }).click();
    await page.getByRole("banner").getByRole("button", { name: "Sign out", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/logout" || url.pathname === "/login");
  }

  const landed = (url: URL) => url.pathname === "/dashboard" || url.pathname === "/onboarding";

  async function latestSession(userId: string) {
    const rows = await service.db.query("select aal, mfa_method from auth_sessions where user_id = $1 and revoked_at is null order by created_at desc limit 1", [userId]);
    return rows.rows[0];
  }

  const passkeyRows = async (userId: string) =>
    (await service.db.query("select friendly_name, last_used_at from auth_passkeys where user_id = $1", [userId])).rows as { friendly_name: string; last_used_at: Date | null }[];

  async function hydrated(page: Page, path: string) {
    await page.goto(`${origin}${path}`);
    await page.waitForSelector("html[data-hydrated]");
  }

  it("registers a passkey on the profile page, signs in with it at /login after signing out, and removes it; the card fits 390 px", async () => {
    const person = await signUp(service);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await withAuthenticator(page);

    await submitLoginForm(page, origin, person);
    await page.waitForURL((url) => url.pathname !== "/login");

    // Register: the browser's prompt is answered by the virtual authenticator.
    await hydrated(page, "/profile");
    const card = page.getByRole("region", { name: "Passkeys" });
    await expect(card.getByText("No passkeys yet.").isVisible()).resolves.toBe(true);
    await card.getByRole("button", { name: "Add a passkey" }).click();
    await card.getByRole("status").filter({ hasText: "Passkey added" }).waitFor();
    await card.getByRole("row", { name: /Passkey/ }).waitFor();
    expect(await passkeyRows(person.userId)).toEqual([{ friendly_name: "Passkey", last_used_at: null }]);

    // Rename it.
    await card.getByRole("button", { name: "Rename passkey Passkey" }).click();
    await card.getByLabel("New name for Passkey").fill("Test laptop");
    await card.getByRole("button", { name: "Save" }).click();
    // The field goes when the rename is saved (the row's name counts the field's value while it is there).
    await card.getByLabel("New name for Passkey").waitFor({ state: "detached" });
    await card.getByRole("rowheader", { name: "Test laptop", exact: true }).waitFor();
    expect((await passkeyRows(person.userId)).map((row) => row.friendly_name)).toEqual(["Test laptop"]);

    // Sign out; at /login the browser offers the passkey in the email field's autofill
    // (conditional UI), which the virtual authenticator answers at once: signed in, nothing typed.
    await signOut(page);
    expect((await (await context.request.get(`${origin}/api/auth/me`)).json()).loggedIn).toBe(false);
    await page.goto(`${origin}/login`);
    await page.waitForURL(landed);
    expect(await (await context.request.get(`${origin}/api/auth/me`)).json()).toMatchObject({ loggedIn: true, userId: person.userId, email: person.email });
    expect(await latestSession(person.userId)).toEqual({ aal: "aal2", mfa_method: "webauthn" });
    expect((await passkeyRows(person.userId))[0]!.last_used_at).not.toBeNull();

    // Sign out again, as a browser that offers no passkey autofill (the page then asks nothing
    // by itself), and use "Sign in with a passkey": a discoverable credential, no email typed.
    await hydrated(page, "/profile");
    await signOut(page);
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    await hydrated(page, "/login");
    expect((await (await context.request.get(`${origin}/api/auth/me`)).json()).loggedIn).toBe(false);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(landed);
    expect(await (await context.request.get(`${origin}/api/auth/me`)).json()).toMatchObject({ loggedIn: true, userId: person.userId, email: person.email });
    expect(await latestSession(person.userId)).toEqual({ aal: "aal2", mfa_method: "webauthn" });

    // The card at 390 px: nothing wider than the window, the row's actions within reach.
    await page.setViewportSize({ width: 390, height: 844 });
    await hydrated(page, "/profile");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const name of ["Add a passkey", "Rename passkey Test laptop", "Remove passkey Test laptop"]) {
      const box = await card.getByRole("button", { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
    }

    // Remove it, back at 1280 px: asked twice, then gone from the page and the table.
    await page.setViewportSize({ width: 1280, height: 900 });
    await card.getByRole("button", { name: "Remove passkey Test laptop" }).click();
    await card.getByRole("button", { name: "Remove passkey", exact: true }).click();
    await card.getByText("No passkeys yet.").waitFor();
    expect(await passkeyRows(person.userId)).toEqual([]);
    await context.close();
  }, 120_000);
});
