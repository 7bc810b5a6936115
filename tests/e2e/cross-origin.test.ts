import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/ports";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { headerPairs, suiteEchoUpstream } from "../support/echo-upstream";
import { signedInOwner } from "../support/actors";
import { ownerWithTool } from "../support/deployed-tool";
import { suiteSetUp } from "../support/suite-resource";
import { sharedService } from "../support/shared-service";
import { toolTokensFor } from "../support/tool-tokens";

warnIfNoChromium("tests/e2e/cross-origin.test.ts");

/**
 * Cookies stay same-origin; bearer APIs open to pages of any origin.
 *
 * Issue 6 finding 4 as it was found: a page on another port of the same host (same site,
 * other origin, so SameSite=Lax still sends the cookie) posted forms to the dashboard in a
 * real browser, renamed the workspace and created an app. Both must now be refused.
 */
describe.skipIf(!hasChromium)("forms posted from another port of the same host, in Chromium", () => {
  const service = sharedService();
  const browser = suiteBrowser();
  const upstream = suiteEchoUpstream();
  const victim = suiteSetUp(() => signedInOwner(service, { slugPrefix: "victim", name: "Victim Co" }));
  // The tool lives in a workspace of its own, so the victim's counts stay theirs.
  const tools = suiteSetUp(() => ownerWithTool(service, { slugPrefix: "tools", name: "Tool Co", tool: { name: "tool", upstreamUrl: upstream.url, access: "members" } }));
  let attacker: Server;
  let attackerUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    attackerUrl = `http://127.0.0.1:${port}`;
    attacker = createServer((req, res) => {
      if (req.url === "/blank") return void res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>a third-party app</title>");
      const target = req.url === "/app" ? `${service.url}/apps?index` : `${service.url}/settings?index`;
      const fields = req.url === "/app" ? { intent: "create", name: "Planted app" } : { intent: "rename", name: "Hacked" };
      const inputs = Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`).join("");
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><form method="post" action="${target}">${inputs}</form><script>document.forms[0].submit()</script>`);
    });
    await new Promise<void>((r) => attacker.listen(port, "127.0.0.1", () => r()));
  }, 90_000);
  afterAll(async () => {
    attacker?.close();
  });

  async function visitAsVictim(path: string) {
    const context = await browser.newContext();
    const [name, value] = victim.user.cookie.split(/=(.*)/s) as [string, string];
    await context.addCookies([{ name, value, url: service.url, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    const answered = page.waitForResponse((res) => res.url().startsWith(service.url) && res.request().method() === "POST");
    await page.goto(`${attackerUrl}${path}`);
    const response = await answered;
    const status = response.status();
    const cookieSent = (await response.request().allHeaders()).cookie ?? "";
    await context.close();
    return { status, cookieSent };
  }

  it("refuses the rename: 403, the workspace keeps its name", async () => {
    const { status, cookieSent } = await visitAsVictim("/rename");
    expect(cookieSent).toContain("svc_session="); // same site: the browser did attach the session
    expect(status).toBe(403);
    expect((await service.db.query("select name from tenants where id = $1", [victim.tenantId])).rows[0].name).toBe("Victim Co");
  });

  it("refuses the app creation: 403, no app row", async () => {
    const { status } = await visitAsVictim("/app");
    expect(status).toBe(403);
    expect((await service.db.query("select count(*)::int as n from apps where tenant_id = $1", [victim.tenantId])).rows[0].n).toBe(0);
  });

  /** Runs `fetch` in a page of the other origin, as a browser app there would: CORS applies. */
  async function fetchFromOtherOrigin(url: string, init: { method?: string; headers?: Record<string, string>; body?: string }) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${attackerUrl}/blank`);
    const result = await page.evaluate(
      async ([url, init]) => {
        try {
          const res = await fetch(url, init);
          return { status: res.status, body: await res.text(), challenge: res.headers.get("www-authenticate"), failed: null };
        } catch (error) {
          return { status: 0, body: "", challenge: null, failed: String(error) };
        }
      },
      [url, init] as const,
    );
    await context.close();
    return result;
  }
  // The headers @supabase/auth-js sends from a browser: each makes the request preflighted.
  const authJsHeaders = { apikey: "anon", "x-client-info": "auth-js/2.112.2", "x-supabase-api-version": "2024-01-01", "content-type": "application/json;charset=UTF-8" };

  it("lets a page on another origin use the drop-in GoTrue API with a bearer token, as GoTrue does", async () => {
    const signIn = await fetchFromOtherOrigin(`${service.url}/auth/v1/token?grant_type=password`, { method: "POST", headers: authJsHeaders, body: JSON.stringify({ email: victim.user.email, password: victim.user.password }) });
    expect(signIn.failed).toBeNull();
    expect(signIn.status).toBe(200);
    const token = JSON.parse(signIn.body).access_token as string;
    const me = await fetchFromOtherOrigin(`${service.url}/auth/v1/user`, { headers: { ...authJsHeaders, authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body).email).toBe(victim.user.email);
  });

  it("never lets another origin read an answer to our cookie: no credentials allowed, and the dashboard API has no CORS", async () => {
    const preflight = await fetch(`${service.url}/auth/v1/user`, { method: "OPTIONS", headers: { origin: attackerUrl, "access-control-request-method": "GET", "access-control-request-headers": "authorization" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
    const cookieApi = await fetch(`${service.url}/api/auth/me`, { headers: { origin: attackerUrl, cookie: victim.user.cookie } });
    expect(cookieApi.status).toBe(200);
    expect(cookieApi.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("lets a browser-based MCP client discover, register and call a deployed tool with a token, and read the tool's 401 challenge", async () => {
    const mcp = { "mcp-protocol-version": "2025-11-25" };
    const refused = await fetchFromOtherOrigin(`${tools.tool.origin}/mcp`, { method: "POST", headers: { ...mcp, "content-type": "application/json" }, body: "{}" });
    expect(refused.failed).toBeNull();
    expect(refused.status).toBe(401);
    expect(refused.challenge).toBe(`Bearer resource_metadata="${tools.tool.origin}/.well-known/oauth-protected-resource", scope="tools"`);
    const resourceMetadata = await fetchFromOtherOrigin(`${tools.tool.origin}/.well-known/oauth-protected-resource`, { headers: mcp });
    expect(resourceMetadata.status).toBe(200);
    expect(JSON.parse(resourceMetadata.body).authorization_servers).toEqual([`${service.url}/auth/v1`]);
    const serverMetadata = await fetchFromOtherOrigin(`${service.url}/.well-known/oauth-authorization-server/auth/v1`, { headers: mcp });
    expect(serverMetadata.status).toBe(200);
    const registered = await fetchFromOtherOrigin(`${service.url}/auth/v1/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Browser MCP", redirect_uris: [`${attackerUrl}/callback`], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] }),
    });
    expect(registered.failed).toBeNull();
    expect(registered.status).toBe(201);
    expect(JSON.parse(registered.body).client_id).toEqual(expect.any(String));
    const token = await (await toolTokensFor(service, tools.user, `${tools.tool.origin}/`)).mint();
    const called = await fetchFromOtherOrigin(`${tools.tool.origin}/mcp`, { method: "POST", headers: { ...mcp, "content-type": "application/json", authorization: `Bearer ${token}` }, body: "{}" });
    expect(called.failed).toBeNull();
    expect(called.status).toBe(200);
    const seen = new Map(headerPairs(JSON.parse(called.body).rawHeaders).map(([name, value]) => [name.toLowerCase(), value]));
    expect(seen.get("x-svc-user-id")).toBe(tools.user.userId);
    expect(seen.has("authorization")).toBe(false);
  });
});
