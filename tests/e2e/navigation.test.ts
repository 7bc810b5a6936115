import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { invitedPerson, signedInOwner } from "../support/actors";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { suiteService } from "../support/service";

warnIfNoChromium("tests/e2e/navigation.test.ts");

const WIDTHS = [
  { label: "390x844", viewport: { width: 390, height: 844 }, phone: true },
  { label: "1280x800", viewport: { width: 1280, height: 800 }, phone: false },
];

type Role = "service administrator" | "owner" | "member" | "viewer";

/** Issue 20 section 5: what each role finds in each of the header's three groups. */
const EXPECTED: Record<Role, { workspace: string[]; account: string[]; admin: string[] }> = {
  "service administrator": {
    workspace: ["Overview", "Apps", "Connections", "Deployments", "Members", "Credits", "Audit log", "Settings"],
    account: ["Profile", "Security", "API Keys"],
    admin: ["Credits", "Integrations", "Users"],
  },
  owner: {
    workspace: ["Overview", "Apps", "Connections", "Deployments", "Members", "Credits", "Audit log", "Settings"],
    account: ["Profile", "Security", "API Keys"],
    admin: [],
  },
  member: {
    workspace: ["Overview", "Apps", "Connections", "Deployments", "Members", "Credits"],
    account: ["Profile", "Security", "API Keys"],
    admin: [],
  },
  viewer: {
    workspace: ["Overview", "Apps", "Connections", "Deployments", "Members", "Credits"],
    account: ["Profile", "Security", "API Keys"],
    admin: [],
  },
};

const HREFS: Record<string, string> = {
  Overview: "/dashboard",
  Apps: "/apps",
  Connections: "/connections",
  Deployments: "/deployments",
  Members: "/members",
  Credits: "/credits",
  "Audit log": "/audit",
  Settings: "/settings",
  Profile: "/profile",
  Security: "/profile#security",
  "API Keys": "/keys",
};
const ADMIN_HREFS: Record<string, string> = { Credits: "/admin/credits", Integrations: "/admin/integrations", Users: "/admin/users" };

/**
 * The dashboard's header in three groups (the workspace's pages, the account menu, service
 * administration) for every role, at phone and desktop width, driven by the keyboard as a
 * screen-reader user would: disclosure buttons that say whether they are expanded, open with
 * Enter or Space, close with Escape and hand focus back.
 */
describe.skipIf(!hasChromium)("the dashboard's navigation, grouped, by role and width", () => {
  const service = suiteService({ label: "e2e-navigation" });
  const browser = suiteBrowser();
  const people = {} as Record<Role, TestUser>;

  beforeAll(async () => {
    // The first account of a service is its administrator.
    people["service administrator"] = await signUp(service);
    await createTenant(service, people["service administrator"], uniqueSlug("admin-ws"), "Service HQ");
    const owner = await signedInOwner(service, { slugPrefix: "nav", name: "Acme" });
    people.owner = owner.user;
    people.member = await invitedPerson(service, owner.user, "member");
    people.viewer = await invitedPerson(service, owner.user, "viewer");
  });

  async function pageAs(user: TestUser, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport });
    await context.addCookies([{ name: "svc_session", value: user.cookie.slice("svc_session=".length), url: service.url }]);
    return { context, page: await context.newPage() };
  }

  async function open(page: Page, path: string) {
    await page.goto(`${service.url}${path}`);
    await page.waitForSelector("html[data-hydrated]");
  }

  const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  /** Each link of `nav` as [its name, the path and fragment it leads to]. */
  const linksOf = (nav: Locator) =>
    nav.getByRole("link").evaluateAll((links) => links.map((link) => {
      const url = new URL((link as HTMLAnchorElement).href);
      return [link.textContent, url.pathname + url.hash];
    }));

  /** Opens a disclosure with `key` from the keyboard and checks it says so. */
  async function openWith(page: Page, button: Locator, key: "Enter" | " ") {
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    await button.focus();
    await page.keyboard.press(key === " " ? "Space" : key);
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
  }

  /** Escape closes the disclosure's panel and puts focus back on its button. */
  async function closeWithEscape(page: Page, button: Locator, panel: Locator) {
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await focused(button)).toBe(true);
  }

  for (const { label, viewport, phone } of WIDTHS) {
    describe(label, () => {
      for (const role of Object.keys(EXPECTED) as Role[]) {
        it(`${role}: the workspace's pages, the account menu and ${EXPECTED[role].admin.length ? "the" : "no"} service administration, all by keyboard`, async () => {
          const expected = EXPECTED[role];
          const { context, page } = await pageAs(people[role], viewport);
          await open(page, "/dashboard");
          const banner = page.getByRole("banner");
          const main = banner.getByRole("navigation", { name: "Main" });
          const menu = banner.locator('button[aria-controls="site-menu"]');
          // The workspace's name is read whole, not cut to its first letters by the menus beside it.
          const name = banner.getByTestId("header-workspace");
          expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

          // The workspace's pages: a row of tabs on a desktop; behind "Menu" on a phone.
          if (phone) {
            expect(await main.isVisible()).toBe(false);
            expect(await menu.textContent()).toBe("Menu");
            await openWith(page, menu, "Enter");
            await main.waitFor({ state: "visible" });
            expect(await menu.textContent()).toBe("Close");
            // Focus order: the next Tab stop is the first page in the menu.
            await page.keyboard.press("Tab");
            expect(await focused(main.getByRole("link", { name: "Overview" }))).toBe(true);
            expect(await noSidewaysScroll(page)).toBe(true);
          } else {
            expect(await menu.isVisible()).toBe(false);
          }
          expect(await linksOf(main)).toEqual(expected.workspace.map((name) => [name, HREFS[name]]));
          for (const name of expected.workspace) expect(await main.getByRole("link", { name, exact: true }).isVisible()).toBe(true);
          if (phone) {
            await closeWithEscape(page, menu, main);
            expect(await menu.textContent()).toBe("Menu");
            await openWith(page, menu, " ");
            await main.waitFor({ state: "visible" });
            await closeWithEscape(page, menu, main);
          }

          // The account menu: closed until asked, then Profile, Security, API Keys and Sign out.
          const accountButton = banner.getByRole("button", { name: /^Your account: / });
          const accountNav = banner.getByRole("navigation", { name: "Account" });
          expect(await accountNav.isVisible()).toBe(false);
          await openWith(page, accountButton, "Enter");
          await accountNav.waitFor({ state: "visible" });
          expect(await linksOf(accountNav)).toEqual(expected.account.map((name) => [name, HREFS[name]]));
          expect(await accountNav.getByRole("button", { name: "Sign out" }).isVisible()).toBe(true);
          await page.keyboard.press("Tab");
          expect(await focused(accountNav.getByRole("link", { name: "Profile" }))).toBe(true);
          const box = (await page.locator("#account-menu").boundingBox())!;
          expect(box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
          expect(await noSidewaysScroll(page)).toBe(true);
          await closeWithEscape(page, accountButton, accountNav);
          // Tab walks the open menu in order, then leaves it closed for what comes next in the
          // header: the workspace's first tab on a desktop, the Menu button on a phone.
          await openWith(page, accountButton, "Enter");
          for (const name of expected.account) {
            await page.keyboard.press("Tab");
            expect(await focused(accountNav.getByRole("link", { name, exact: true }))).toBe(true);
          }
          await page.keyboard.press("Tab");
          expect(await focused(accountNav.getByRole("button", { name: "Sign out" }))).toBe(true);
          await page.keyboard.press("Tab");
          await accountNav.waitFor({ state: "hidden" });
          expect(await accountButton.getAttribute("aria-expanded")).toBe("false");
          expect(await focused(phone ? menu : main.getByRole("link", { name: "Overview" }))).toBe(true);

          // Service administration: its own menu, for service administrators only.
          const adminButton = banner.getByRole("button", { name: "Admin", exact: true });
          const adminNav = banner.getByRole("navigation", { name: "Service administration" });
          if (expected.admin.length === 0) {
            expect(await adminButton.count()).toBe(0);
            expect(await adminNav.count()).toBe(0);
          } else {
            expect(await adminNav.isVisible()).toBe(false);
            await openWith(page, adminButton, " ");
            await adminNav.waitFor({ state: "visible" });
            expect(await linksOf(adminNav)).toEqual(expected.admin.map((name) => [name, ADMIN_HREFS[name]]));
            const adminBox = (await page.locator("#admin-menu").boundingBox())!;
            expect(adminBox.x >= 0 && adminBox.x + adminBox.width <= viewport.width).toBe(true);
            await closeWithEscape(page, adminButton, adminNav);
          }
          expect(await noSidewaysScroll(page)).toBe(true);
          await context.close();
        });
      }

      it("opening one header menu closes the other; following a link closes the menu it was in", async () => {
        const { context, page } = await pageAs(people["service administrator"], viewport);
        await open(page, "/dashboard");
        const banner = page.getByRole("banner");
        const accountNav = banner.getByRole("navigation", { name: "Account" });
        const adminNav = banner.getByRole("navigation", { name: "Service administration" });
        await banner.getByRole("button", { name: /^Your account: / }).click();
        await accountNav.waitFor({ state: "visible" });
        await banner.getByRole("button", { name: "Admin", exact: true }).click();
        await adminNav.waitFor({ state: "visible" });
        expect(await accountNav.isVisible()).toBe(false);
        await adminNav.getByRole("link", { name: "Users" }).click();
        await page.waitForURL(/\/admin\/users$/);
        await page.getByRole("heading", { name: "Users", level: 1 }).waitFor();
        await adminNav.waitFor({ state: "hidden" });
        await context.close();
      });

      it("the account menu's Security leads to the profile's security section; its Sign out signs out, by keyboard", async () => {
        const person = (await signedInOwner(service, { slugPrefix: "leaving" })).user;
        const { context, page } = await pageAs(person, viewport);
        await open(page, "/dashboard");
        const banner = page.getByRole("banner");
        const accountButton = banner.getByRole("button", { name: /^Your account: / });
        const accountNav = banner.getByRole("navigation", { name: "Account" });
        await openWith(page, accountButton, "Enter");
        await accountNav.getByRole("link", { name: "Security" }).focus();
        await page.keyboard.press("Enter");
        await page.waitForURL(/\/profile#security$/);
        const heading = page.getByRole("heading", { name: "Security", level: 2 });
        await heading.waitFor();
        await expect.poll(() => heading.evaluate((element) => {
          const { top, bottom } = element.getBoundingClientRect();
          return top >= (document.querySelector("header")!.getBoundingClientRect().bottom) && bottom <= window.innerHeight;
        })).toBe(true);
        await accountNav.waitFor({ state: "hidden" });

        await openWith(page, accountButton, "Enter");
        await accountNav.getByRole("button", { name: "Sign out" }).focus();
        await page.keyboard.press("Enter");
        await page.waitForURL(/\/logout$/);
        await page.getByRole("heading", { name: "You are signed out" }).waitFor();
        await context.close();
      });

      it("someone without a workspace has the account menu and no workspace pages or Menu", async () => {
        const newcomer = await signUp(service);
        const { context, page } = await pageAs(newcomer, viewport);
        await open(page, "/onboarding");
        const banner = page.getByRole("banner");
        expect(await banner.getByRole("navigation", { name: "Main" }).count()).toBe(0);
        expect(await banner.locator('button[aria-controls="site-menu"]').count()).toBe(0);
        const accountButton = banner.getByRole("button", { name: /^Your account: / });
        const accountNav = banner.getByRole("navigation", { name: "Account" });
        await openWith(page, accountButton, "Enter");
        expect(await linksOf(accountNav)).toEqual([["Profile", "/profile"], ["Security", "/profile#security"]]);
        await closeWithEscape(page, accountButton, accountNav);
        expect(await noSidewaysScroll(page)).toBe(true);
        await context.close();
      });
    });
  }
});
