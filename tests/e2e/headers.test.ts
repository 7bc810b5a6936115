import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeS3 } from "../fakes/s3-server";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { multipart, png } from "../support/images";
import { corsFor, corsPreflight, listenForBodies } from "../support/loopback-listener";
import { suiteService } from "../support/service";
import { suiteResource } from "../support/suite-resource";

warnIfNoChromium("tests/e2e/headers.test.ts");

const FAVICON = readFileSync(resolve(import.meta.dirname, "../../public/favicon.ico"));

/** The policy every dashboard document carries (app/lib/content-security-policy.server.ts). */
const policy = (nonce: string, imageOrigin?: string) =>
  "default-src 'self'; " +
  `script-src 'self' 'nonce-${nonce}'; ` +
  "style-src 'self' 'unsafe-inline'; " +
  `img-src 'self' data: blob:${imageOrigin ? ` ${imageOrigin}` : ""}; ` +
  "connect-src 'self' http://127.0.0.1:* http://localhost:*; " +
  "font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** The nonce a response's policy names; the test then checks the policy is exactly `policy(nonce)`. */
function nonceOf(res: Response): string {
  const match = /'nonce-([A-Za-z0-9+/]{22}==)'/.exec(res.headers.get("content-security-policy") ?? "");
  if (!match) throw new Error(`no nonce in ${res.headers.get("content-security-policy")}`);
  return match[1]!;
}

/** A stand-in for `svc login`'s loopback listener: CORS for the service's origin, 200 on a POST to /done. */
async function startLoopbackListener(allowedOrigin: string) {
  const bodies: string[] = [];
  const listener = await listenForBodies((req, body, res) => {
    const cors = corsFor(allowedOrigin);
    if (corsPreflight(req, res, cors)) return;
    bodies.push(body);
    res.writeHead(200, { ...cors, "content-type": "application/json" }).end('{"ok":true}');
  });
  return { bodies, callbackUrl: `${listener.origin}/done`, close: listener.close };
}

/**
 * A browser page that records every console error, uncaught error and CSP violation
 * (reported from the page through a binding, so reports survive navigations).
 */
async function watchedPage(context: BrowserContext) {
  const problems: string[] = [];
  await context.exposeBinding("__reportViolation", (_source, text: string) => void problems.push(`violation: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportViolation: (text: string) => void }).__reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.url()}`);
  });
  return { page, problems };
}

async function hydrated(page: Page) {
  await page.waitForSelector("html[data-hydrated]");
}

/** Whether an <img> on the page finished loading real pixels. */
const imageLoaded = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

describe.skipIf(!hasChromium)("dashboard document headers over http", () => {
  const service = suiteService({ label: "e2e-headers" });
  const browser = suiteBrowser();
  let admin: TestUser;
  let listener: Awaited<ReturnType<typeof startLoopbackListener>>;

  beforeAll(async () => {
    admin = await signUp(service); // the first account: administrator
    await createTenant(service, admin, uniqueSlug("hdr"), "Header Co");
    const logo = await api(service, "/api/tenants/me/logo", { method: "POST", cookie: admin.cookie, body: multipart("file", await png()) });
    expect(logo.status).toBe(200);
    listener = await startLoopbackListener(new URL(service.url).origin);
  }, 90_000);
  afterAll(async () => {
    for (const fake of [listener]) await fake?.close();
  });

  it("gives every document its own nonce, on every script, and no HSTS over http", async () => {
    const [first, second] = await Promise.all([fetch(`${service.url}/login`), fetch(`${service.url}/login`)]);
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("content-security-policy")).toBe(policy(nonceOf(res)));
      expect(res.headers.get("strict-transport-security")).toBeNull();
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
    expect(nonceOf(first)).not.toBe(nonceOf(second));

    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const tag of scripts) expect(tag).toContain(` nonce="${nonceOf(first)}"`);
    expect(html).toContain('<link rel="icon" href="/favicon.ico"/>');
  });

  it("sends the policy on signed-in pages and on the dashboard's own error page", async () => {
    const dashboard = await fetch(`${service.url}/dashboard`, { headers: { cookie: admin.cookie } });
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get("content-security-policy")).toBe(policy(nonceOf(dashboard)));
    // A loader's 404, rendered by the root error boundary.
    const missing = await fetch(`${service.url}/deployments/no-such-tool`, { headers: { cookie: admin.cookie } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toBe(policy(nonceOf(missing)));
    expect(await missing.text()).toContain("Page not found");
  });

  it("serves the favicon from public/", async () => {
    const res = await fetch(`${service.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/x-icon");
    expect(res.headers.get("content-length")).toBe(String(FAVICON.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(FAVICON)).toBe(true);
    // An ICO directory (reserved 0, type 1) of 16, 32 and 48 pixel PNG images.
    expect([FAVICON.readUInt16LE(0), FAVICON.readUInt16LE(2), FAVICON.readUInt16LE(4)]).toEqual([0, 1, 3]);
  });

  it("signs in, shows the dashboard and hands a key to the CLI with no CSP violation, console error or failed request", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, problems } = await watchedPage(context);
    try {
      await page.goto(`${service.url}/login`);
      await hydrated(page);
      await page.getByLabel("Email").fill(admin.email);
      await page.getByLabel("Password").fill(admin.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL(`${service.url}/dashboard`);
      await hydrated(page);
      await page.getByRole("heading", { name: "Welcome" }).waitFor();
      expect(await imageLoaded(page, "main img")).toBe(true);
      expect(await page.evaluate(() => document.querySelector<HTMLLinkElement>("link[rel=icon]")?.href)).toBe(`${service.url}/favicon.ico`);

      // A client-side navigation and back: Remix's route modules load under the policy.
      await page.getByRole("link", { name: "Workspace settings" }).click();
      await page.waitForURL(`${service.url}/settings`);
      await page.goBack();
      await page.waitForURL(`${service.url}/dashboard`);

      await page.goto(`${service.url}/dev/cli-bootstrap?cb=${listener.callbackUrl}&mode=personal-key`);
      await hydrated(page);
      await page.getByRole("button", { name: "Issue API key" }).click();
      await page.getByText("You're logged in — you can close this tab and return to your terminal.").waitFor();
      expect(listener.bodies).toHaveLength(1);
      expect(JSON.parse(listener.bodies[0]!).apiKey).toMatch(/^svc_sk_/);

      // The favicon the browser asked for by itself was found.
      const icon = await page.request.get(`${service.url}/favicon.ico`);
      expect(icon.status()).toBe(200);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("enforces the policy: an inline script without the nonce does not run and is reported", async () => {
    const context = await browser.newContext();
    const { page, problems } = await watchedPage(context);
    try {
      await page.goto(`${service.url}/login`);
      await hydrated(page);
      const ran = await page.evaluate(async () => {
        const script = document.createElement("script");
        script.textContent = "window.__injected = true;";
        document.body.append(script);
        await new Promise((r) => setTimeout(r, 100));
        return (window as unknown as { __injected?: boolean }).__injected === true;
      });
      expect(ran).toBe(false);
      await expect.poll(() => problems.filter((p) => p.startsWith("violation: "))).toEqual(["violation: script-src-elem inline"]);
    } finally {
      await context.close();
    }
  });
});

describe.skipIf(!hasChromium)("dashboard document headers over https with S3 storage", () => {
  const s3 = suiteResource(startFakeS3, (started) => started.stop().catch(() => undefined));
  // Reached over plain http by the test; BASE_URL alone says the public origin is https.
  const service = suiteService(() => ({ label: "e2e-headers-https", env: { ...s3.env, BASE_URL: "https://svc.example.test" } }));
  const browser = suiteBrowser();

  it("adds HSTS and lets images come from the bucket's origin", async () => {
    const res = await fetch(`${service.url}/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers.get("content-security-policy")).toBe(policy(nonceOf(res), s3.endpoint));
  });

  it("shows a logo stored in S3 with no CSP violation", async () => {
    const user = await signUp(service);
    await createTenant(service, user, uniqueSlug("s3"), "Bucket Co");
    const logo = await api(service, "/api/tenants/me/logo", { method: "POST", cookie: user.cookie, body: multipart("file", await png()) });
    expect(logo.status).toBe(200);
    expect(logo.body.logoUrl.startsWith(`${s3.endpoint}/avatars/`)).toBe(true);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The service names its cookie __Host-svc_session, Secure (https BASE_URL); the test reaches it over http on the loopback.
    const [name, value] = user.cookie.split(/=(.*)/s) as [string, string];
    expect(name).toBe("__Host-svc_session");
    await context.addCookies([{ name, value, domain: "127.0.0.1", path: "/", secure: true }]);
    const { page, problems } = await watchedPage(context);
    try {
      await page.goto(`${service.url}/dashboard`);
      await hydrated(page);
      await page.getByRole("heading", { name: "Welcome" }).waitFor();
      await expect.poll(() => imageLoaded(page, `main img[src="${logo.body.logoUrl}"]`)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
