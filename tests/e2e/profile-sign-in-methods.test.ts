import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { startGithubFake, type GithubFake } from "../fakes/github-oauth";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { signUp, uniqueEmail, type TestUser } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource } from "../support/suite-resource";

warnIfNoChromium("tests/e2e/profile-sign-in-methods.test.ts");

/**
 * Issue 31, item 2: on the profile page a person links GitHub (through the fake, in Chromium:
 * to GitHub's authorize page, the callback, back to the profile) and unlinks it again, at 1280
 * and 390 px; the page never shows JSON, and the last method offers no Unlink.
 */
const github: GithubFake = suiteResource(() => startGithubFake("gh-client", "gh-secret"), (fake) => fake.close());
describe.skipIf(!hasChromium)("sign-in methods on the profile", () => {
  const service = suiteService(() => ({
    label: "e2e-sign-in-methods",
    env: { EXTERNAL_GITHUB_ENABLED: "true", EXTERNAL_GITHUB_CLIENT_ID: "gh-client", EXTERNAL_GITHUB_SECRET: "gh-secret", EXTERNAL_GITHUB_URL: github.url, MANUAL_LINKING_ENABLED: "true" },
  }));
  const browser = suiteBrowser();

  async function profileOf(person: TestUser, width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name: "svc_session", value: person.cookie.slice("svc_session=".length), url: service.url }]);
    const page = await context.newPage();
    await page.goto(`${service.url}/profile#sign-in-methods`);
    await page.waitForSelector("html[data-hydrated]");
    return page;
  }

  let nextId = 70_000;
  for (const width of [1280, 390]) {
    it(`links GitHub and unlinks it (${width} px)`, { timeout: 60_000 }, async () => {
      const person = await signUp(service);
      const githubEmail = uniqueEmail("octo-e2e");
      github.control.person = { id: nextId++, login: `octo${nextId}`, name: "Octo", emails: [{ email: githubEmail, primary: true, verified: true }] };
      const page = await profileOf(person, width);
      const card = page.getByRole("region", { name: "Sign-in methods" });
      await card.getByText("This is your only sign-in method, so it cannot be unlinked.").waitFor();
      expect(await card.getByRole("button", { name: /^Unlink/ }).count()).toBe(0);

      await card.getByRole("button", { name: "Link GitHub", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/profile" && url.searchParams.get("linked") === "github");
      await page.waitForSelector("html[data-hydrated]");
      await card.getByRole("status").filter({ hasText: "GitHub is linked. You can now sign in with it." }).waitFor();
      const row = card.getByRole("row", { name: /GitHub/ });
      await row.getByText(githubEmail).waitFor();
      const rows = await service.db.query(`select provider from auth_identities where user_id = (select id from auth_users where email = $1) order by provider`, [person.email]);
      expect(rows.rows).toEqual([{ provider: "email" }, { provider: "github" }]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Linked: GitHub is no longer offered.
      await card.getByRole("button", { name: "Link GitHub", exact: true }).waitFor({ state: "detached" });

      await row.getByRole("button", { name: "Unlink GitHub" }).click();
      await row.getByRole("button", { name: "Unlink GitHub" }).click();
      await card.getByRole("row", { name: /GitHub/ }).waitFor({ state: "detached" });
      await card.getByRole("button", { name: "Link GitHub", exact: true }).waitFor();
      const after = await service.db.query(`select provider from auth_identities where user_id = (select id from auth_users where email = $1)`, [person.email]);
      expect(after.rows).toEqual([{ provider: "email" }]);
      await page.context().close();
    });
  }

  it("says so in a sentence when the GitHub account belongs to someone else", { timeout: 60_000 }, async () => {
    const first = await signUp(service);
    const second = await signUp(service);
    github.control.person = { id: nextId++, login: `taken${nextId}`, emails: [{ email: uniqueEmail("taken"), primary: true, verified: true }] };
    const one = await profileOf(first, 1280);
    await one.getByRole("button", { name: "Link GitHub", exact: true }).click();
    await one.waitForURL((url) => url.searchParams.get("linked") === "github");
    await one.context().close();
    const two = await profileOf(second, 390);
    await two.getByRole("button", { name: "Link GitHub", exact: true }).click();
    await two.waitForURL((url) => url.searchParams.get("error_code") === "identity_already_exists");
    await two.getByRole("alert").filter({ hasText: "This GitHub account is already linked to another account here." }).waitFor();
    expect(await two.locator("pre").count()).toBe(0);
    await two.context().close();
  });
});
