import type { IncomingHttpHeaders } from "node:http";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { corsFor, corsPreflight, listenForBodies } from "../support/loopback-listener";
import { suiteService, type RunningService } from "../support/service";

warnIfNoChromium("tests/e2e/cli-bootstrap.test.ts");

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Stands in for `svc login`'s loopback listener (SPEC 4.6 step 5): answers the CORS
 * preflight for the service's origin only and records what was posted.
 */
async function startLoopbackListener(allowedOrigin: string) {
  const received: Received[] = [];
  const listener = await listenForBodies((req, body, res) => {
    received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
    const cors = corsFor(allowedOrigin);
    if (req.url !== "/done") return void res.writeHead(404).end();
    if (corsPreflight(req, res, cors)) return;
    if (req.method !== "POST") return void res.writeHead(405, cors).end();
    const payload = JSON.parse(body || "{}");
    if (!payload.apiKey || !payload.tenantId) return void res.writeHead(400, cors).end();
    res.writeHead(200, { ...cors, "content-type": "application/json" }).end('{"ok":true}');
  });
  return { received, callbackUrl: `${listener.origin}/done`, close: listener.close };
}

const cookieValue = (user: TestUser) => user.cookie.slice("svc_session=".length);
const whoami = (service: RunningService, key: string) => api(service, "/api/cli/whoami", { headers: { authorization: `Bearer ${key}` } });

describe.skipIf(!hasChromium)("CLI login page in a browser", () => {
  const service = suiteService({ label: "e2e-cli-bootstrap" });
  const browser = suiteBrowser();
  let admin: TestUser;
  let member: TestUser;
  let listener: Awaited<ReturnType<typeof startLoopbackListener>>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // The first account on a fresh service is its administrator.
    admin = await signUp(service);
    await createTenant(service, admin, uniqueSlug("cli"), "Acme CLI");
    member = await signUp(service);
    await createTenant(service, member, uniqueSlug("member"), "Member Co");
    listener = await startLoopbackListener(new URL(service.url).origin);
  }, 90_000);
  afterAll(async () => {
    for (const fake of [listener]) await fake?.close();
  });

  async function pageAs(user: TestUser | null) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    if (user) await context.addCookies([{ name: "svc_session", value: cookieValue(user), url: service.url }]);
    return context.newPage();
  }

  const bootstrapPath = (cb: string) => `/dev/cli-bootstrap?cb=${cb}&mode=personal-key`;

  // Issue 17, 1: the first login in a workspace makes its app "CLI"; it used to do so silently.
  it("says the first login creates the app CLI, then that it did; later logins name it", async () => {
    const page = await pageAs(admin);
    await page.goto(`${service.url}${bootstrapPath(listener.callbackUrl)}`);
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.locator("main").textContent()).toContain("create the app CLI in that workspace, for the CLI's keys and the variables svc dev writes;");
    await page.getByRole("button", { name: "Issue API key" }).click();
    await page.getByText("You're logged in — you can close this tab and return to your terminal.").waitFor();
    expect(await page.getByRole("status").filter({ hasText: "Created app" }).textContent()).toContain(
      "Created app CLI in Acme CLI: it holds the CLI's keys and the variables svc dev writes.",
    );
    const again = await pageAs(admin);
    await again.goto(`${service.url}${bootstrapPath(listener.callbackUrl)}`);
    await again.waitForSelector("html[data-hydrated]");
    expect(await again.locator("main").textContent()).toContain("bind it to the app CLI;");
    listener.received.splice(0);
  });

  it("issues a fresh CLI key to the loopback listener and revokes the previous one", async () => {
    const first = await api(service, "/api/dev/personal-key", { method: "POST", cookie: admin.cookie, json: {} });
    expect(first.status).toBe(200);
    const previousKey = first.body.apiKey as string;
    expect((await whoami(service, previousKey)).status).toBe(200);

    const page = await pageAs(admin);
    const response = await page.goto(`${service.url}${bootstrapPath(listener.callbackUrl)}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
    await page.waitForSelector("html[data-hydrated]");
    const text = await page.locator("main").textContent();
    expect(text).toContain(admin.email);
    expect(text).toContain("Acme CLI");
    expect(text).toContain(new URL(listener.callbackUrl).host);

    await page.getByRole("button", { name: "Issue API key" }).click();
    await page.getByText("You're logged in — you can close this tab and return to your terminal.").waitFor();

    const preflight = listener.received.find((r) => r.method === "OPTIONS");
    expect(preflight).toMatchObject({ url: "/done" });
    expect(preflight!.headers.origin).toBe(new URL(service.url).origin);
    expect(preflight!.headers["access-control-request-method"]).toBe("POST");
    const posts = listener.received.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.referer).toBeUndefined();
    const payload = JSON.parse(posts[0]!.body);
    expect(payload).toMatchObject({ email: admin.email });
    expect(payload.apiKey).toMatch(/^svc_sk_/);
    expect(payload.tenantId).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.appId).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.issuedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    // The key went to the listener only: not into the page or its address.
    expect(await page.content()).not.toContain(payload.apiKey);
    expect(page.url()).not.toContain(payload.apiKey);

    const me = await whoami(service, payload.apiKey);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: admin.email, tenantId: payload.tenantId, appId: payload.appId });
    expect((await whoami(service, previousKey)).status).toBe(401);
  });

  it("refuses a callback that is not on this computer: no Issue button, nothing sent", async () => {
    const before = listener.received.length;
    const page = await pageAs(admin);
    await page.goto(`${service.url}${bootstrapPath("http://evil.example/done")}`);
    await page.waitForSelector("html[data-hydrated]");
    await page.getByText("This link does not point at your computer").waitFor();
    expect(await page.getByRole("button", { name: "Issue API key" }).count()).toBe(0);
    expect(listener.received.length).toBe(before);
  });

  it("when nothing listens at the callback any more, revokes the key it minted and says to run svc login again", async () => {
    const liveCliKeys = async () =>
      (await service.db.query("select count(*)::int as n from app_keys where issued_by = $1 and purpose = 'cli' and revoked_at is null", [admin.userId])).rows[0].n;
    const earlier = await api(service, "/api/dev/personal-key", { method: "POST", cookie: admin.cookie, json: {} });
    expect(await liveCliKeys()).toBe(1);
    const gone = await startLoopbackListener(new URL(service.url).origin);
    await gone.close();
    const page = await pageAs(admin);
    await page.goto(`${service.url}${bootstrapPath(gone.callbackUrl)}`);
    await page.waitForSelector("html[data-hydrated]");
    await page.getByRole("button", { name: "Issue API key" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Could not reach the svc CLI on your computer" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      "The key issued here never reached your terminal, so it was revoked. Run svc login again in your terminal; it opens a fresh link.",
    );
    expect(await alert.textContent()).not.toContain("was not saved");
    expect(await page.getByText("You're logged in").count()).toBe(0);
    // Nothing dangling: the minted key was revoked, and the earlier one was by the minting.
    expect(await liveCliKeys()).toBe(0);
    expect((await whoami(service, earlier.body.apiKey)).status).toBe(401);
  });

  it("sends a signed-in non-administrator to the dashboard, which says to run svc login --device instead", async () => {
    // SPEC 4.6 step 3: "otherwise it redirects to the dashboard": the answer itself is the redirect.
    const hop = await fetch(`${service.url}${bootstrapPath(listener.callbackUrl)}`, { redirect: "manual", headers: { cookie: member.cookie } });
    expect(hop.status).toBe(302);
    expect(hop.headers.get("location")).toBe("/dashboard?notice=cli-admin-only");
    // The dashboard then tells the waiting CLI (so `svc login` stops waiting and explains,
    // docs/decisions/034 and 063); it never offers to issue a key.
    const refusals = () => listener.received.filter((r) => r.method === "POST" && r.body.includes("not_admin")).length;
    const refusalsBefore = refusals();
    const page = await pageAs(member);
    await page.goto(`${service.url}${bootstrapPath(listener.callbackUrl)}`);
    await page.waitForURL(`${service.url}/dashboard?notice=cli-admin-only`);
    await expect.poll(refusals).toBe(refusalsBefore + 1);
    // Told once: a reload of the dashboard does not tell it again.
    await page.reload();
    await page.waitForSelector("html[data-hydrated]");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(refusals()).toBe(refusalsBefore + 1);
    expect(await page.getByRole("status").filter({ hasText: "Only administrators of the service can log in the CLI from the browser. Run svc login --device in your terminal instead: every member of a workspace can." }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Issue API key" }).count()).toBe(0);
  });

  it("sends a signed-out visitor to the dashboard, then to sign in and back to the page", async () => {
    const page = await pageAs(null);
    const path = bootstrapPath(listener.callbackUrl);
    const first = await fetch(`${service.url}${path}`, { redirect: "manual" });
    expect(first.status).toBe(302);
    const hop = new URL(first.headers.get("location")!, service.url);
    expect(hop.pathname).toBe("/dashboard");
    const onward = new URL(hop.searchParams.get("redirectTo")!, service.url);
    expect([onward.pathname, onward.searchParams.get("cb"), onward.searchParams.get("mode")]).toEqual(["/dev/cli-bootstrap", listener.callbackUrl, "personal-key"]);
    await page.goto(`${service.url}${path}`);
    await page.waitForURL(/\/login\?/);
    const back = new URL(new URL(page.url()).searchParams.get("redirectTo")!, service.url);
    expect(back.pathname).toBe("/dev/cli-bootstrap");
    expect(Object.fromEntries(back.searchParams)).toEqual({ cb: listener.callbackUrl, mode: "personal-key" });

    await page.waitForSelector("html[data-hydrated]");
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/dev/cli-bootstrap" && url.searchParams.get("cb") === listener.callbackUrl);
    await page.getByRole("button", { name: "Issue API key" }).waitFor();
  });
});
