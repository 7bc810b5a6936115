import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createLocalJWKSet, decodeJwt, jwtVerify } from "jose";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitedPerson } from "../support/actors";
import { hasChromium, launchBrowser, warnIfNoChromium } from "../support/browser";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { BrowserApprovingProvider, recordingFetch, startLoopbackRedirect, type SeenRequest } from "../support/mcp-oauth-client";
import { localhostFetch, startMcpTool, type McpTool } from "../support/mcp-tool";
import { sharedService } from "../support/shared-service";

warnIfNoChromium("tests/e2e/mcp-oauth-flow.test.ts");

/**
 * Issue 15 section 3, with clients nobody here wrote: a tool built with the official MCP SDK is
 * deployed behind the app-proxy, and the SDK's own client, with its own OAuth code, connects
 * from nothing. The only parts of ours in the client are where it keeps its state and a
 * Chromium in which a member signs in and clicks Approve. Tokens are the server's real ones.
 */
describe.skipIf(!hasChromium)("an MCP client with the SDK's OAuth support, through the app-proxy", () => {
  const service = sharedService();
  let tool: McpTool;
  let browser: Browser;
  let redirect: Awaited<ReturnType<typeof startLoopbackRedirect>>;
  let owner: TestUser;
  let tenantId: string;
  let issuer: string;
  let toolUrl: string;
  let resource: string;
  let otherToolUrl: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [tool, browser, redirect] = await Promise.all([startMcpTool(), launchBrowser(), startLoopbackRedirect()]);
    issuer = `${service.url}/auth/v1`;
    owner = await signUp(service);
    const slug = uniqueSlug("mcp");
    tenantId = (await createTenant(service, owner, slug)).id;
    for (const name of ["whoami", "other"]) {
      const created = await api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name, upstreamUrl: tool.url } });
      if (created.status !== 201) throw new Error(created.text);
    }
    const port = new URL(service.url).port;
    resource = `http://whoami--${slug}.localhost:${port}/`;
    toolUrl = `${resource}mcp`;
    otherToolUrl = `http://other--${slug}.localhost:${port}/mcp`;
  }, 90_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await redirect?.close();
    await tool?.close();
    await service?.stop();
  });

  interface Connected {
    client: Client;
    provider: BrowserApprovingProvider;
    log: SeenRequest[];
    accessToken: string;
  }

  /**
   * What a host application does with the SDK: connect; on UnauthorizedError (the SDK has sent
   * the person to authorize, and they approved) hand the code to `finishAuth`; connect again.
   */
  async function connectAs(person: TestUser): Promise<Connected> {
    const context = await browser.newContext();
    contexts.push(context);
    const provider = new BrowserApprovingProvider(context, person, redirect.url);
    const log: SeenRequest[] = [];
    const fetch = recordingFetch(log);
    const first = new StreamableHTTPClientTransport(new URL(toolUrl), { authProvider: provider, fetch });
    await expect(new Client({ name: "sdk-test-client", version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.code).toMatch(/.+/);
    await first.finishAuth(provider.code!);
    const client = new Client({ name: "sdk-test-client", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(toolUrl), { authProvider: provider, fetch }));
    return { client, provider, log, accessToken: provider.saved!.access_token };
  }

  async function whoami(client: Client): Promise<Record<string, string>> {
    const called = await client.callTool({ name: "whoami", arguments: {} });
    return JSON.parse((called.content as { type: string; text: string }[])[0]!.text) as Record<string, string>;
  }

  /** The tool's answer to a bare request with this token, as any HTTP client would see it. */
  async function withToken(url: string, token: string) {
    const res = await localhostFetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "probe", version: "1" } } }),
    });
    return { status: res.status, challenge: res.headers.get("www-authenticate"), body: res.headers.get("content-type")?.startsWith("application/json") ? await res.json() : await res.text() };
  }

  let ownerConnection: Connected;

  it("connects from nothing: 401, resource metadata, server metadata, registration, consent in Chromium, token for the tool, tools/list and tools/call", async () => {
    ownerConnection = await connectAs(owner);
    const { client, provider, log } = ownerConnection;

    // The SDK's own walk, request by request, up to the first answered MCP call.
    const steps = log.map((r) => `${r.method} ${r.url} ${r.status}`);
    const firstSuccess = steps.findIndex((s, i) => i > 0 && s === `POST ${toolUrl} 200`);
    expect(steps.slice(0, firstSuccess + 1)).toEqual([
      `POST ${toolUrl} 401`,
      `GET ${resource}.well-known/oauth-protected-resource 200`,
      `GET ${service.url}/.well-known/oauth-authorization-server/auth/v1 200`,
      `POST ${issuer}/oauth/register 201`,
      // finishAuth(code) runs the SDK's auth() again from the start: discovery, then the exchange.
      `GET ${resource}.well-known/oauth-protected-resource 200`,
      `GET ${service.url}/.well-known/oauth-authorization-server/auth/v1 200`,
      `POST ${issuer}/oauth/token 200`,
      `POST ${toolUrl} 200`,
    ]);

    // The authorize request it built: PKCE S256, the tool as resource, our redirect, the tool's scope.
    expect(provider.authorizationUrls).toHaveLength(1);
    const authorize = provider.authorizationUrls[0]!;
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuer}/oauth/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: "code",
      client_id: (provider.client as { client_id: string }).client_id,
      code_challenge_method: "S256",
      redirect_uri: redirect.url,
      resource,
      scope: "tools",
    });
    // The code exchange carried `resource`, and the token it bought is for this tool alone.
    const exchange = new URLSearchParams(log.find((r) => r.url === `${issuer}/oauth/token`)!.body);
    expect([exchange.get("grant_type"), exchange.get("resource")]).toEqual(["authorization_code", resource]);
    expect(decodeJwt(ownerConnection.accessToken)).toMatchObject({ iss: issuer, aud: resource, sub: owner.userId, email: owner.email, scope: "tools", client_id: (provider.client as { client_id: string }).client_id });
    expect(provider.saved!.refresh_token).toMatch(/.+/);

    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["whoami"]);
    const seen = await whoami(client);
    expect(Object.keys(seen).sort()).toEqual(["x-svc-assertion", "x-svc-role", "x-svc-tenant-id", "x-svc-user-email", "x-svc-user-id", "x-svc-user-name"]);
    expect(seen).toMatchObject({ "x-svc-user-id": owner.userId, "x-svc-user-email": owner.email, "x-svc-tenant-id": tenantId, "x-svc-role": "owner" });
    const jwks = createLocalJWKSet((await api(service, "/.well-known/svc-assertion-jwks.json")).body);
    const { payload } = await jwtVerify(seen["x-svc-assertion"]!, jwks, { issuer: service.url, audience: resource.slice(0, -1) });
    expect(payload).toMatchObject({ sub: owner.userId, email: owner.email, tenant_id: tenantId, role: "owner" });
  });

  it("refuses the token for tool A at tool B with invalid_token, and still takes it at tool A", async () => {
    const atB = await withToken(otherToolUrl, ownerConnection.accessToken);
    expect(atB.status).toBe(401);
    expect(atB.challenge).toBe(`Bearer error="invalid_token", resource_metadata="${new URL(otherToolUrl).origin}/.well-known/oauth-protected-resource", scope="tools"`);
    expect(atB.body).toMatchObject({ error: "invalid_token" });
    // The same token is still good at tool A.
    expect((await withToken(toolUrl, ownerConnection.accessToken)).status).toBe(200);
  });

  it("stops the grant within 1 s of Revoke on the profile page: the token is refused, the refresh token too, and the SDK asks the person again", async () => {
    const { client, provider, accessToken } = ownerConnection;
    const refreshToken = provider.saved!.refresh_token!;
    const page = await contexts[0]!.newPage();
    await page.goto(`${service.url}/profile`);
    await page.waitForSelector("html[data-hydrated]");
    const row = page.getByRole("row").filter({ hasText: "SDK Test Client" });
    await expect(row.innerText()).resolves.toContain(resource);
    await row.getByRole("button", { name: "Revoke" }).click();
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname.startsWith("/profile") && res.request().method() === "POST");
    await row.getByRole("button", { name: "Confirm revoke" }).click();
    expect((await answered).status()).toBe(200);
    await page.close();

    const deadline = Date.now() + 1_000;
    let answer = await withToken(toolUrl, accessToken);
    while (answer.status !== 401 && Date.now() < deadline) answer = await withToken(toolUrl, accessToken);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: "invalid_token", error_description: "The access token's grant has ended." });

    const refreshed = await fetch(`${issuer}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: (provider.client as { client_id: string }).client_id, resource }),
    });
    expect(refreshed.status).toBe(400);
    expect(((await refreshed.json()) as { error: string }).error).toBe("invalid_grant");

    // The connected SDK client's next call meets the 401, fails to refresh, and sends the person to authorize again.
    provider.approve = false;
    await expect(whoami(client)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrls).toHaveLength(2);
    expect(provider.authorizationUrls[1]!.searchParams.get("resource")).toBe(resource);
  });

  it("lets a viewer in as a viewer, and refuses a member once removed from the workspace", async () => {
    const viewer = await invitedPerson(service, owner, "viewer");
    const asViewer = await connectAs(viewer);
    expect(await whoami(asViewer.client)).toMatchObject({ "x-svc-user-id": viewer.userId, "x-svc-role": "viewer" });
    await asViewer.client.close();

    const member = await invitedPerson(service, owner, "member");
    const asMember = await connectAs(member);
    expect(await whoami(asMember.client)).toMatchObject({ "x-svc-user-id": member.userId, "x-svc-role": "member" });
    expect((await api(service, `/api/tenants/me/members/${member.userId}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
    const refused = await withToken(toolUrl, asMember.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "access_denied", error_description: `${member.email} is not a member of the workspace that runs whoami.` });
    // The SDK client sees the 403 as it is: no new authorization would help, and it does not start one.
    const error = await whoami(asMember.client).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(403);
    expect(asMember.provider.authorizationUrls).toHaveLength(1);
  });
});
