import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, warnIfNoChromium } from "../support/browser";
import { startEchoUpstream, type EchoUpstream } from "../support/echo-upstream";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { freePort } from "../support/ports";
import { startService, type RunningService } from "../support/service";

warnIfNoChromium("tests/e2e/app-proxy-cookies.test.ts");

/**
 * Issue 27, finding 2, in a real browser: the layout of docs/deploy.md with the dashboard at
 * `example.localhost` beside tools at `*.apps.example.localhost` (Chromium resolves every
 * `*.localhost` to the loopback, and takes `example.localhost` as the registrable domain of
 * both, as it would `example.com`). A public tool plants its owner's session for the parent
 * domain on a longer Path; the visitor's dashboard calls must still be the visitor's (ADR 059).
 */
describe.skipIf(!hasChromium)("a deployed tool's cookie in Chromium", () => {
  let service: RunningService;
  let upstream: EchoUpstream;
  let browser: Browser;
  let owner: TestUser;
  let visitor: TestUser;
  let dashboard: string;
  let toolUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    dashboard = `http://example.localhost:${port}`;
    [service, upstream, browser] = await Promise.all([
      startService({ label: "e2e-tool-cookies", port, env: { BASE_URL: dashboard, APPS_DOMAIN: `apps.example.localhost:${port}`, HEALTH_CHECK_INTERVAL_SECONDS: "0" } }),
      startEchoUpstream(),
      launchBrowser(),
    ]);
    [owner, visitor] = await Promise.all([signUp(service), signUp(service)]);
    await createTenant(service, owner, uniqueSlug("jar"));
    const created = await api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name: "open", upstreamUrl: upstream.url, access: "public" } });
    if (created.status !== 201) throw new Error(created.text);
    toolUrl = created.body.url;
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await upstream?.close();
    await service?.stop();
  });

  it("never lets the planted cookie reach the dashboard's /api/* requests", async () => {
    expect(new URL(toolUrl).hostname).toMatch(/^open--.*\.apps\.example\.localhost$/);
    const context = await browser.newContext();
    try {
      const [name, value] = visitor.cookie.split(/=(.*)/s) as [string, string];
      await context.addCookies([{ name, value, url: dashboard, httpOnly: true, sameSite: "Lax" }]);
      const page = await context.newPage();
      const ownersSession = owner.cookie.slice("svc_session=".length);
      const planting = [`svc_session=${ownersSession}; Domain=example.localhost; Path=/api`, "tool_pref=1; Domain=example.localhost; Path=/"];
      const visited = await page.goto(`${toolUrl}set-cookie?${planting.map((line) => `c=${encodeURIComponent(line)}`).join("&")}`);
      expect(visited?.status()).toBe(200);
      expect(await page.locator("p").innerText()).toBe("planted");

      // The dashboard's session check, as a navigation and as the dashboard's own fetch().
      const me = await page.goto(`${dashboard}/api/auth/me`);
      expect(await me?.json()).toEqual({ loggedIn: true, userId: visitor.userId, email: visitor.email });
      const fetched = await page.evaluate(() => fetch("/api/user/me").then(async (res) => ({ status: res.status, body: await res.json() })));
      expect([fetched.status, fetched.body.email]).toEqual([200, visitor.email]);
      // What the browser keeps: the tool's own cookie on the tool's host only, nothing of the tool's for the dashboard.
      expect((await context.cookies(dashboard)).map((c) => [c.name, c.domain])).toEqual([["svc_session", "example.localhost"]]);
      expect((await context.cookies(toolUrl)).map((c) => [c.name, c.domain])).toEqual([["tool_pref", new URL(toolUrl).hostname]]);
    } finally {
      await context.close();
    }
  });

  it("keeps a tool's Clear-Site-Data from signing the visitor out of the dashboard", async () => {
    const context = await browser.newContext();
    try {
      const [name, value] = visitor.cookie.split(/=(.*)/s) as [string, string];
      await context.addCookies([{ name, value, url: dashboard, httpOnly: true, sameSite: "Lax" }]);
      const page = await context.newPage();
      // A browser clears cookies for the whole registrable domain, the dashboard's included.
      expect((await page.goto(`${toolUrl}set-cookie?h=${encodeURIComponent('Clear-Site-Data: "cookies", "*"')}`))?.status()).toBe(200);
      expect((await context.cookies(dashboard)).map((c) => c.name)).toEqual(["svc_session"]);
      const me = await page.goto(`${dashboard}/api/auth/me`);
      expect(await me?.json()).toEqual({ loggedIn: true, userId: visitor.userId, email: visitor.email });
    } finally {
      await context.close();
    }
  });
});
