import { describe, expect, it } from "vitest";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { suiteEchoUpstream } from "../support/echo-upstream";
import { ownerWithTool } from "../support/deployed-tool";
import { suiteSetUp } from "../support/suite-resource";
import { api, signUp, type TestUser } from "../support/http";
import { sharedService } from "../support/shared-service";

warnIfNoChromium("tests/e2e/app-proxy.test.ts");

/**
 * Issue 8: people open a deployed tool at `{name}--{slug}.localhost:<port>` in a real
 * browser (Chromium resolves *.localhost to the loopback), go through the handshake and
 * arrive with their identity; a signed-out visitor signs in on the way.
 */
describe.skipIf(!hasChromium)("opening a deployed tool in Chromium", () => {
  const service = sharedService();
  const upstream = suiteEchoUpstream();
  const browser = suiteBrowser();
  const acme = suiteSetUp(() => ownerWithTool(service, { slugPrefix: "acme", tool: { name: "tool", upstreamUrl: upstream.url } }));

  async function openAs(user: TestUser | null) {
    const context = await browser.newContext();
    if (user) {
      const [name, value] = user.cookie.split(/=(.*)/s) as [string, string];
      await context.addCookies([{ name, value, url: service.url, httpOnly: true, sameSite: "Lax" }]);
    }
    const page = await context.newPage();
    return { context, page };
  }

  function identityIn(text: string): Record<string, string> {
    const raw = (JSON.parse(text) as { rawHeaders: string[] }).rawHeaders;
    const out: Record<string, string> = {};
    for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase().startsWith("x-svc-")) out[raw[i]!.toLowerCase()] = raw[i + 1]!;
    return out;
  }

  it("brings the owner from the dashboard's Open link to the tool with their identity", async () => {
    const { context, page } = await openAs(acme.user);
    await page.goto(`${service.url}/deployments/tool`);
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.getByTestId("deployment-url").getAttribute("href")).toBe(acme.tool.url);
    await page.goto(acme.tool.url);
    expect(page.url()).toBe(acme.tool.url);
    const identity = identityIn(await page.locator("body").innerText());
    expect(identity).toMatchObject({ "x-svc-user-id": acme.user.userId, "x-svc-user-email": acme.user.email, "x-svc-tenant-id": acme.tenantId, "x-svc-role": "owner" });
    // The app-session cookie lives on the tool's host only.
    const cookies = await context.cookies(acme.tool.url);
    expect(cookies.map((c) => [c.name, c.domain, c.httpOnly])).toEqual([["svc_app_session", new URL(acme.tool.url).hostname, true]]);
    await context.close();
  });

  it("lets a viewer open it too, with role viewer", async () => {
    const viewer = await signUp(service);
    const invitation = (await api(service, "/api/tenants/me/invitations", { method: "POST", cookie: acme.user.cookie, json: { email: viewer.email, role: "viewer" } })).body;
    const { context, page } = await openAs(viewer);
    await page.goto(invitation.url);
    await page.getByRole("button", { name: /^Join / }).click();
    await page.waitForURL(`${service.url}/dashboard`);
    await page.goto(`${acme.tool.url}reports`);
    expect(page.url()).toBe(`${acme.tool.url}reports`);
    expect(identityIn(await page.locator("body").innerText())).toMatchObject({ "x-svc-user-id": viewer.userId, "x-svc-role": "viewer" });
    await context.close();
  });

  it("sends a signed-out visitor to sign in and then on to the tool", async () => {
    const { context, page } = await openAs(null);
    await page.goto(`${acme.tool.url}inbox?tab=2`);
    await page.waitForURL((url) => url.pathname === "/login");
    await page.waitForSelector("html[data-hydrated]");
    await page.getByLabel("Email").fill(acme.user.email);
    await page.getByLabel("Password").fill(acme.user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${acme.tool.url}inbox?tab=2`);
    expect(identityIn(await page.locator("body").innerText())["x-svc-user-id"]).toBe(acme.user.userId);
    await context.close();
  });
});
