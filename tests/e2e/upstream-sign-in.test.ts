import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { startGithubFake, type GithubFake } from "../fakes/github-oauth";
import { enrolAuthenticator } from "../support/authenticator";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { api, createTenant, signUp, uniqueEmail, uniqueSlug, type TestUser } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource } from "../support/suite-resource";
import { freshHome, readConfigFile, startSvc } from "../support/svc-cli";

warnIfNoChromium("tests/e2e/upstream-sign-in.test.ts");

/**
 * Issue 31, 2 and 3 (ADR 078), in Chromium at both widths, against the fake GitHub on
 * 127.0.0.1: /login's "Continue with GitHub" signs into the dashboard (keeping where the person
 * was going), a verified second factor still asks for its code, a refusal ends on /login with a
 * sentence, no provider means no button, and a GitHub-only person approves `svc login --device`.
 */
describe.skipIf(!hasChromium)("sign-in with GitHub on the dashboard", () => {
  const github: GithubFake = suiteResource(() => startGithubFake("gh-client", "gh-secret"), (fake) => fake.close());
  const service = suiteService(() => ({
    label: "e2e-upstream",
    env: {
      EXTERNAL_GITHUB_ENABLED: "true",
      EXTERNAL_GITHUB_CLIENT_ID: "gh-client",
      EXTERNAL_GITHUB_SECRET: "gh-secret",
      EXTERNAL_GITHUB_URL: github.url,
      DEVICE_POLL_INTERVAL_SECONDS: "1",
    },
  }));
  const browser = suiteBrowser();

  let nextId = 5000;
  function githubPerson(email: string, verified = true) {
    github.control.person = { id: nextId++, login: `octo${nextId}`, name: "Mona Lisa", emails: [{ email, primary: true, verified }] };
  }

  async function openLogin(width: number, path = "/login"): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${service.url}${path}`);
    await page.waitForSelector("html[data-hydrated]");
    return { context, page, errors };
  }

  const continueWithGithub = (page: Page) => page.getByRole("link", { name: "Continue with GitHub" });
  const sessionCookie = async (context: BrowserContext) => (await context.cookies(service.url)).find((cookie) => cookie.name === "svc_session");
  const whoIsSignedIn = async (context: BrowserContext) => {
    const cookie = await sessionCookie(context);
    return cookie ? (await api(service, "/api/auth/me", { cookie: `svc_session=${cookie.value}` })).body : null;
  };

  for (const width of [1280, 390]) {
    it(`at ${width} px: the button shows on /login and /signup; a new person signs in with GitHub and lands where they were going`, async () => {
      const email = uniqueEmail("gh-e2e");
      githubPerson(email);
      const { context, page, errors } = await openLogin(width, "/login?redirectTo=%2Fprofile");
      await continueWithGithub(page).waitFor();
      // Chromium offers passkeys: one "or" above the passkey button and GitHub's, not one each.
      await page.getByRole("button", { name: "Sign in with a passkey" }).waitFor();
      expect(await page.locator(".auth-divider").count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${width}-login-upstream.png`, fullPage: true });
      await continueWithGithub(page).click();
      await page.waitForURL((url) => url.pathname === "/profile");
      expect(await whoIsSignedIn(context)).toMatchObject({ email });
      // The flow's cookie is gone once it is used.
      expect((await context.cookies(service.url)).map((cookie) => cookie.name)).not.toContain("svc_upstream_sign_in");
      expect(errors).toEqual([]);

      const signup = await context.newPage();
      await context.clearCookies();
      await signup.goto(`${service.url}/signup`);
      expect(await continueWithGithub(signup).count()).toBe(1);
      expect(await signup.locator(".auth-divider").count()).toBe(1);
      await context.close();
    });

    it(`at ${width} px: an account with an authenticator app proves the second step after GitHub, then reaches its page`, async () => {
      const person: TestUser = await signUp(service, uniqueEmail("gh-totp"));
      const { nextCode } = await enrolAuthenticator(service, person);
      // GitHub verified the same address: GoTrue's automatic linking, one account.
      githubPerson(person.email);
      const { context, page } = await openLogin(width, "/login?redirectTo=%2Fprofile");
      await continueWithGithub(page).click();
      await page.waitForURL((url) => url.pathname === "/login/two-step");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/profile");
      await page.waitForSelector("html[data-hydrated]");
      await page.getByLabel("Code").fill(nextCode());
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL((url) => url.pathname === "/profile");
      expect(await whoIsSignedIn(context)).toMatchObject({ email: person.email, userId: person.userId });
      await context.close();
    });

    it(`at ${width} px: GitHub answering access_denied ends on /login with a sentence, signed out`, async () => {
      githubPerson(uniqueEmail("gh-denied"));
      github.control.denyNext = "access_denied";
      const { context, page } = await openLogin(width, "/login?redirectTo=%2Fprofile");
      await continueWithGithub(page).click();
      await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.has("failure"));
      await expect.poll(() => page.getByRole("alert").innerText()).toBe("GitHub sign-in was cancelled.");
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${width}-login-upstream-cancelled.png`, fullPage: true });
      // Where they were going is still kept for the next attempt.
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/profile");
      expect(await sessionCookie(context)).toBeUndefined();
      await context.close();
    });
  }

  it("an unverified GitHub address of an existing account ends on /login with a sentence, and links nothing", async () => {
    const person = await signUp(service, uniqueEmail("gh-unverified"));
    githubPerson(person.email, false);
    const { context, page } = await openLogin(1280);
    await continueWithGithub(page).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.has("failure"));
    await expect.poll(() => page.getByRole("alert").innerText()).toBe(
      "GitHub did not give a verified email address for this sign-in. Verify your address with GitHub, or sign in with your password.",
    );
    expect((await service.db.query("select count(*)::int as n from auth_identities where user_id = $1 and provider = 'github'", [person.userId])).rows).toEqual([{ n: 0 }]);
    await context.close();
  });

  it("a code that reaches another browser is worthless there: its verifier stayed in the first", async () => {
    githubPerson(uniqueEmail("gh-stolen"));
    const { context, page } = await openLogin(1280);
    // Stop at the callback page: the code is in the address, the verifier in this browser's cookie.
    await page.route(`${service.url}/login/upstream-callback*`, (route) => route.abort());
    let callback = "";
    page.on("request", (request) => {
      if (request.url().includes("/login/upstream-callback")) callback = request.url();
    });
    await continueWithGithub(page).click().catch(() => undefined);
    await expect.poll(() => callback).toContain("code=");
    const other = await browser.newContext();
    const stolen = await other.newPage();
    await stolen.goto(callback);
    await stolen.waitForURL((url) => url.pathname === "/login");
    await expect.poll(() => stolen.getByRole("alert").innerText()).toBe("The sign-in expired or was started in another browser. Try again.");
    expect((await other.cookies(service.url)).find((cookie) => cookie.name === "svc_session")).toBeUndefined();
    await other.close();
    await context.close();
  });

  it("GoTrue's callback opened a second time (a reload, the back button) ends on /login with a sentence, not the landing page", async () => {
    githubPerson(uniqueEmail("gh-twice"));
    const { context, page } = await openLogin(1280);
    let callback = "";
    page.on("request", (request) => {
      if (request.url().startsWith(`${service.url}/auth/v1/callback`)) callback = request.url();
    });
    await continueWithGithub(page).click();
    await page.waitForURL((url) => url.pathname === "/onboarding" || url.pathname === "/dashboard");
    await page.goto(callback);
    await page.waitForURL((url) => url.pathname === "/dashboard" || url.pathname === "/onboarding");
    // Signed out, the same replay says what happened.
    await context.clearCookies();
    await page.goto(callback);
    await page.waitForURL((url) => url.pathname === "/login");
    await expect.poll(() => page.getByRole("alert").innerText()).toBe("The sign-in expired or was started in another browser. Try again.");
    await context.close();
  });

  it("a provider that is not enabled (a hand-typed address) ends on /login with a sentence, writing no flow state", async () => {
    const before = (await service.db.query("select count(*)::int as n from auth_flow_states")).rows[0].n;
    const res = await fetch(`${service.url}/login/upstream/gitlab?redirectTo=%2Fprofile`, { redirect: "manual" });
    expect([res.status, res.headers.get("location")]).toEqual([302, "/login?upstream=gitlab&failure=failed&redirectTo=%2Fprofile"]);
    expect((await service.db.query("select count(*)::int as n from auth_flow_states")).rows[0].n).toBe(before);
    const { context, page } = await openLogin(390, res.headers.get("location")!);
    await expect.poll(() => page.getByRole("alert").innerText()).toBe("The sign-in did not work. Try again, or sign in another way.");
    await context.close();
  });

  it("svc login --device: a person whose only identity is GitHub signs in on the way and approves", async () => {
    const email = uniqueEmail("gh-device");
    githubPerson(email);
    // First the person's account and workspace, made through GitHub alone.
    const first = await openLogin(1280);
    await continueWithGithub(first.page).click();
    await first.page.waitForURL((url) => url.pathname !== "/login" && !url.pathname.startsWith("/login/"));
    const cookie = await sessionCookie(first.context);
    const me = await api(service, "/api/auth/me", { cookie: `svc_session=${cookie!.value}` });
    const tenant = await createTenant(service, { email, password: "", cookie: `svc_session=${cookie!.value}`, userId: me.body.userId }, uniqueSlug("ghdev"), "GitHub Co");
    await first.context.close();
    expect((await service.db.query("select provider from auth_identities where user_id = $1", [me.body.userId])).rows).toEqual([{ provider: "github" }]);

    const home = freshHome();
    const login = startSvc(["login", "--device", "--api-base", service.url], { home });
    const [, complete] = await login.waitFor(/^Or open (\S+) \(the code is filled in\)\.$/m, 30_000);
    // A signed-out browser: the code pages, then /login (through GitHub), then the consent page.
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await page.goto(complete!);
    for (let i = 0; i < 3 && !page.url().includes("/login"); i++) {
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForLoadState();
    }
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toMatch(/^\/auth\/v1\/oauth\/interaction\//);
    await page.waitForSelector("html[data-hydrated]");
    await continueWithGithub(page).click();
    await page.waitForURL((url) => url.pathname.startsWith("/oauth/consent/"));
    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByText("Device connected").first().waitFor();
    const done = await login.exited;
    expect([done.status, done.stdout.split("\n").at(-2)]).toEqual([0, `✔ Logged in as ${email} (tenant ${tenant.id}).`]);
    expect(readConfigFile(home)).toMatchObject({ issuedToEmail: email, tenantId: tenant.id });
    await context.close();
  }, 90_000);
});

describe.skipIf(!hasChromium)("no upstream provider enabled", () => {
  const service = suiteService({ label: "e2e-upstream-off" });
  const browser = suiteBrowser();

  for (const path of ["/login", "/signup"]) {
    it(`${path} shows no "Continue with" button`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${service.url}${path}`);
      await page.waitForSelector("html[data-hydrated]");
      expect(await page.getByRole("link", { name: /^Continue with/ }).count()).toBe(0);
      await context.close();
    });
  }
});
