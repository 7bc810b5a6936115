import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import type { TestUser } from "./http";

/**
 * Signing a person in for a browser test, the two ways the e2e suites do it: through the
 * /login form as a person would (when the sign-in itself is under test or recorded), or by
 * handing the context a session cookie (when only the page after it matters).
 */

/** Opens `${origin}/login`, waits for hydration, fills the form and presses "Sign in"; the caller waits for where it lands. */
export async function submitLoginForm(page: Page, origin: string, person: { email: string; password: string }): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.waitForSelector("html[data-hydrated]");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** A new context signed in through the /login form; the page used for it is closed once it left /login. */
export async function contextSignedInByForm(browser: Browser, origin: string, person: { email: string; password: string }, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await submitLoginForm(page, origin, person);
  await page.waitForURL((url) => url.pathname !== "/login");
  await page.close();
  return context;
}

/** A new context holding `user`'s session cookie for `origin`. */
export async function contextWithSession(browser: Browser, origin: string, user: Pick<TestUser, "cookie">, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: "svc_session", value: user.cookie.slice("svc_session=".length), url: origin }]);
  return context;
}

/** A page of a new context holding `user`'s session, at `${origin}${path}` once hydrated. */
export async function openSignedIn(browser: Browser, origin: string, user: Pick<TestUser, "cookie">, path: string, options: BrowserContextOptions): Promise<Page> {
  const context = await contextWithSession(browser, origin, user, options);
  const page = await context.newPage();
  await page.goto(`${origin}${path}`);
  await page.waitForSelector("html[data-hydrated]");
  return page;
}
