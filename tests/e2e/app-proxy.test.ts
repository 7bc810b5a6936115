import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { startEchoUpstream, type EchoUpstream } from "../support/echo-upstream";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { sharedService } from "../support/shared-service";

warnIfNoChromium("tests/e2e/app-proxy.test.ts");

/**
 * Issue 8: people open a deployed tool at `{name}--{slug}.localhost:<port>` in a real
 * browser (Chromium resolves *.localhost to the loopback), go through the handshake and
 * arrive with their identity; a signed-out visitor signs in on the way.
 */
describe.skipIf(!hasChromium)("opening a deployed tool in Chromium", () => {
  const service = sharedService();
  let upstream: EchoUpstream;
  const browser = suiteBrowser();
  let owner: TestUser;
  let toolUrl: string;
  let tenantId: string;

  beforeAll(async () => {
    upstream = await startEchoUpstream();
    owner = await signUp(service);
    const slug = uniqueSlug("acme");
    tenantId = (await createTenant(service, owner, slug)).id;
    const created = await api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name: "tool", upstreamUrl: upstream.url } });
    toolUrl = created.body.url;
  }, 90_000);
  afterAll(async () => {
    for (const fake of [upstream]) await fake?.close();
  });

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
    const { context, page } = await openAs(owner);
    await page.goto(`${service.url}/deployments/tool`);
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.getByTestId("deployment-url").getAttribute("href")).toBe(toolUrl);
    await page.goto(toolUrl);
    expect(page.url()).toBe(toolUrl);
    const identity = identityIn(await page.locator("body").innerText());
    expect(identity).toMatchObject({ "x-svc-user-id": owner.userId, "x-svc-user-email": owner.email, "x-svc-tenant-id": tenantId, "x-svc-role": "owner" });
    // The app-session cookie lives on the tool's host only.
    const cookies = await context.cookies(toolUrl);
    expect(cookies.map((c) => [c.name, c.domain, c.httpOnly])).toEqual([["svc_app_session", new URL(toolUrl).hostname, true]]);
    await context.close();
  });

  it("lets a viewer open it too, with role viewer", async () => {
    const viewer = await signUp(service);
    const invitation = (await api(service, "/api/tenants/me/invitations", { method: "POST", cookie: owner.cookie, json: { email: viewer.email, role: "viewer" } })).body;
    const { context, page } = await openAs(viewer);
    await page.goto(invitation.url);
    await page.getByRole("button", { name: /^Join / }).click();
    await page.waitForURL(`${service.url}/dashboard`);
    await page.goto(`${toolUrl}reports`);
    expect(page.url()).toBe(`${toolUrl}reports`);
    expect(identityIn(await page.locator("body").innerText())).toMatchObject({ "x-svc-user-id": viewer.userId, "x-svc-role": "viewer" });
    await context.close();
  });

  it("sends a signed-out visitor to sign in and then on to the tool", async () => {
    const { context, page } = await openAs(null);
    await page.goto(`${toolUrl}inbox?tab=2`);
    await page.waitForURL((url) => url.pathname === "/login");
    await page.waitForSelector("html[data-hydrated]");
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${toolUrl}inbox?tab=2`);
    expect(identityIn(await page.locator("body").innerText())["x-svc-user-id"]).toBe(owner.userId);
    await context.close();
  });
});
