import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, warnIfNoChromium } from "../support/browser";
import { signedInOwner } from "../support/actors";
import type { TestUser } from "../support/http";
import { startService, stopChild, type RunningService } from "../support/service";

warnIfNoChromium("tests/e2e/offline-forms.test.ts");

/**
 * Issue 17, 1: a form submitted while the service cannot be reached used to end on the error
 * page ("Something went wrong"), losing what was typed. Now the page stays, the typed text
 * stays, an offline notice says so, and the same submit works once the service is back.
 */
describe.skipIf(!hasChromium)("a form submitted while the service is unreachable", () => {
  let first: RunningService;
  let second: RunningService | undefined;
  let browser: Browser;
  let owner: TestUser;

  beforeAll(async () => {
    // The page's own requests may still be open when the service is stopped: a short drain
    // keeps the stop (and its exit code, asserted below) well inside stopChild's 10 s.
    [first, browser] = await Promise.all([startService({ label: "e2e-offline", env: { SHUTDOWN_GRACE_SECONDS: "3" } }), launchBrowser()]);
    owner = (await signedInOwner(first)).user;
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await second?.stop();
    await first?.stop(); // drops the database both used
  });

  it("keeps the page and what was typed, says it is offline, and submits once the service is back", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: "svc_session", value: owner.cookie.slice("svc_session=".length), url: first.url }]);
    const page = await context.newPage();
    await page.goto(`${first.url}/apps`);
    await page.waitForSelector("html[data-hydrated]");

    expect(await stopChild(first.child)).toBe(0);
    const name = page.getByLabel("App name");
    await name.fill("Typed while offline");
    await page.getByRole("button", { name: "Create app" }).click();

    const notice = page.locator(".offline-notice");
    await notice.waitFor({ state: "visible" });
    expect(await notice.textContent()).toContain("You are offline, or the service cannot be reached.");
    expect(await page.getByText("Something went wrong").count()).toBe(0);
    expect(await name.inputValue()).toBe("Typed while offline");
    expect(new URL(page.url()).pathname).toBe("/apps");

    // The same service back on the same address, database and secrets.
    const port = Number(new URL(first.url).port);
    second = await startService({ port, databaseUrl: first.databaseUrl, dataDir: first.dataDir });
    await page.getByRole("button", { name: "Create app" }).click();
    await page.waitForURL(/\/apps\/[0-9a-f-]{36}$/);
    await notice.waitFor({ state: "hidden" });
    const rows = await second.db.query("select name from apps where name = $1", ["Typed while offline"]);
    expect(rows.rowCount).toBe(1);
    await context.close();
  });
});
