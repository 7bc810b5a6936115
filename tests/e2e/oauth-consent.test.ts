import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt } from "jose";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { suiteEchoUpstream } from "../support/echo-upstream";
import { ownerWithTool } from "../support/deployed-tool";
import { suiteSetUp } from "../support/suite-resource";
import { png } from "../support/images";
import { api } from "../support/http";
import { sharedService } from "../support/shared-service";

warnIfNoChromium("tests/e2e/oauth-consent.test.ts");

/**
 * Issue 15: an OAuth client sends a signed-out person to the authorization server in a real
 * browser; they sign in, see our consent page (client, unverified marker, scopes in words, the
 * deployed tool and its workspace), approve, and land on the client's loopback redirect with
 * `code`, `state` and `iss`; the code buys a token for that tool.
 */
describe.skipIf(!hasChromium)("authorizing an application in Chromium", () => {
  const service = sharedService();
  const upstream = suiteEchoUpstream();
  const browser = suiteBrowser();
  const tools = suiteSetUp(() => ownerWithTool(service, { slugPrefix: "tools", tool: { name: "notes", upstreamUrl: upstream.url } }));
  let callback: Server;
  let redirectUri: string;
  const landed: URL[] = [];
  /** The Referer each request for the client's logo came with ("" for none). */
  const logoReferers: string[] = [];
  let logo: Buffer;

  beforeAll(async () => {
    // The client's own loopback redirect: a real server that records where the browser landed.
    logo = await png(48, 48);
    callback = createServer((req, res) => {
      if (req.url === "/logo.png") {
        logoReferers.push(req.headers.referer ?? "");
        return void res.writeHead(200, { "content-type": "image/png" }).end(logo);
      }
      landed.push(new URL(req.url!, redirectUri));
      res.writeHead(200, { "content-type": "text/plain" }).end("back at the client");
    });
    await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
    redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  }, 90_000);
  afterAll(async () => {
    callback?.close();
  });

  /** Sends a signed-out browser to the authorize endpoint and signs in: it lands on our consent page. */
  async function signInToConsent(page: Page, { clientId, challenge, state }: { clientId: string; challenge: string; state: string }) {
    // No scope: an MCP client sends none, and a deployed tool's default is `tools`.
    const authorize = new URL(`${service.url}/auth/v1/oauth/authorize`);
    for (const [name, value] of Object.entries({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: "S256", state, resource: tools.tool.resource })) {
      authorize.searchParams.set(name, value);
    }
    await page.goto(authorize.href);
    await page.waitForURL((url) => url.pathname === "/login");
    await page.waitForSelector("html[data-hydrated]");
    await page.getByLabel("Email").fill(tools.user.email);
    await page.getByLabel("Password").fill(tools.user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/oauth/consent/"));
  }

  it("signs in, shows the consent page, and redirects with code, state and iss", async () => {
    const registered = await api(service, "/auth/v1/oauth/register", {
      method: "POST",
      json: { client_name: "Claude Notes", redirect_uris: [redirectUri], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"] },
    });
    expect(registered.status).toBe(201);
    const clientId = registered.body.client_id as string;
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const state = randomBytes(8).toString("hex");

    const context = await browser.newContext();
    const page = await context.newPage();
    await signInToConsent(page, { clientId, challenge, state });

    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("Claude Notes wants to access your account");
    expect(await page.getByTestId("unverified").innerText()).toContain("Unverified application");
    expect(await page.getByTestId("redirect-host").innerText()).toBe(new URL(redirectUri).host);
    expect(await page.getByTestId("scopes").innerText()).toBe("Use this workspace's deployed tools as you");
    const resources = await page.getByTestId("resources").innerText();
    expect(resources).toContain(tools.tool.resource);
    expect(resources).toContain(`in workspace ${tools.slug}`);

    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    expect(await page.locator("body").innerText()).toBe("back at the client");
    await context.close();

    const back = landed.find((url) => url.pathname === "/callback")!;
    expect(back.searchParams.get("state")).toBe(state);
    expect(back.searchParams.get("iss")).toBe(`${service.url}/auth/v1`);
    const code = back.searchParams.get("code")!;
    const token = await fetch(`${service.url}/auth/v1/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier, resource: tools.tool.resource }),
    });
    expect(token.status).toBe(200);
    const claims = decodeJwt(((await token.json()) as { access_token: string }).access_token);
    expect(claims).toMatchObject({ aud: tools.tool.resource, scope: "tools", sub: tools.user.userId, email: tools.user.email, client_id: clientId });
  });

  it("shows the client's registered logo from the client's own origin, and tells that origin nothing of the page", async () => {
    const logoUri = new URL("/logo.png", redirectUri).href;
    const registered = await api(service, "/auth/v1/oauth/register", {
      method: "POST",
      json: { client_name: "Logo Notes", logo_uri: logoUri, redirect_uris: [redirectUri], token_endpoint_auth_method: "none", grant_types: ["authorization_code"] },
    });
    expect(registered.status).toBe(201);
    const challenge = createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url");
    const context = await browser.newContext();
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && message.text().includes("Content Security Policy")) blocked.push(message.text());
    });
    await signInToConsent(page, { clientId: registered.body.client_id as string, challenge, state: "s" });
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("Logo Notes wants to access your account");

    const image = page.locator("img.consent-logo");
    expect(await image.getAttribute("src")).toBe(logoUri);
    await page.waitForFunction(() => (document.querySelector("img.consent-logo") as HTMLImageElement | null)?.complete === true);
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(48);
    expect(blocked).toEqual([]);
    // The consent page's address (its interaction id) never reaches the client's server.
    expect(logoReferers).toEqual([""]);
    await context.close();
  });
});
