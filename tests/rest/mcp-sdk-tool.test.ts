import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { discoverOAuthProtectedResourceMetadata, discoverOAuthServerInfo, extractWWWAuthenticateParams, selectResourceURL } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createLocalJWKSet, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { api } from "../support/http";
import { localhostFetch, suiteMcpTool } from "../support/mcp-tool";
import { ownerWithTool } from "../support/deployed-tool";
import { suiteSetUp } from "../support/suite-resource";
import { sharedService } from "../support/shared-service";
import { toolTokensFor } from "../support/tool-tokens";

/**
 * Issue 15 section 2 with a client and a tool nobody here wrote: a tool built with the official
 * MCP TypeScript SDK, deployed behind the app-proxy, and the SDK's own client. With a token
 * (minted in the authorization server's contract shape) it lists and calls the tool, which
 * sees the member; without one, the SDK's unmodified discovery finds the resource metadata.
 */
describe("the official MCP SDK through the app-proxy", () => {
  const service = sharedService();
  const tool = suiteMcpTool();
  /** The tool's owner, and its Streamable HTTP endpoint behind the app-proxy. */
  const mcp = suiteSetUp(async () => {
    const owner = await ownerWithTool(service, { slugPrefix: "mcp", tool: { name: "whoami", upstreamUrl: tool.url } });
    return { ...owner, endpoint: `${owner.tool.origin}/mcp` };
  });

  it("lists and calls a tool with a bearer token; the tool sees the member and a valid assertion, never the token", async () => {
    const token = await (await toolTokensFor(service, mcp.user, mcp.tool.resource)).mint();
    const client = new Client({ name: "test-client", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(mcp.endpoint), { requestInit: { headers: { authorization: `Bearer ${token}` } }, fetch: localhostFetch });
    await client.connect(transport);
    try {
      expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name)).toEqual(["whoami"]);
      const called = await client.callTool({ name: "whoami", arguments: {} });
      const seen = JSON.parse((called.content as { type: string; text: string }[])[0]!.text) as Record<string, string>;
      expect(Object.keys(seen).sort()).toEqual(["x-svc-assertion", "x-svc-role", "x-svc-tenant-id", "x-svc-user-email", "x-svc-user-id", "x-svc-user-name"]);
      expect(seen).toMatchObject({ "x-svc-user-id": mcp.user.userId, "x-svc-user-email": mcp.user.email, "x-svc-tenant-id": mcp.tenantId, "x-svc-role": "owner" });
      const jwks = createLocalJWKSet((await api(service, "/.well-known/svc-assertion-jwks.json")).body);
      const { payload } = await jwtVerify(seen["x-svc-assertion"]!, jwks, { issuer: service.url, audience: mcp.tool.resource.slice(0, -1) });
      expect(payload.sub).toBe(mcp.user.userId);
    } finally {
      await client.close();
    }
  });

  it("without a token: the SDK client gets the 401, and its discovery finds the tool's metadata and issuer", async () => {
    const client = new Client({ name: "test-client", version: "1.0.0" });
    const error = await client.connect(new StreamableHTTPClientTransport(new URL(mcp.endpoint), { fetch: localhostFetch })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(401);

    // What the SDK's auth() does with that answer, step by step, with its own helpers.
    const refused = await localhostFetch(mcp.endpoint, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{}" });
    const challenge = extractWWWAuthenticateParams(refused);
    expect(challenge).toEqual({ resourceMetadataUrl: new URL(`${mcp.tool.resource}.well-known/oauth-protected-resource`), scope: "tools" });
    const metadata = await discoverOAuthProtectedResourceMetadata(mcp.endpoint, { resourceMetadataUrl: challenge.resourceMetadataUrl }, localhostFetch);
    expect(metadata).toEqual({
      resource: mcp.tool.resource,
      authorization_servers: [`${service.url}/auth/v1`],
      bearer_methods_supported: ["header"],
      scopes_supported: ["tools"],
      resource_name: "whoami",
    });
    // Without the header's hint the SDK probes the path-suffix form first, gets 404, and falls back to the root.
    expect(await discoverOAuthProtectedResourceMetadata(mcp.endpoint, {}, localhostFetch)).toEqual(metadata);
    // The resource it will ask the authorization server for is exactly what the proxy checks `aud` against.
    const selected = await selectResourceURL(mcp.endpoint, {} as never, metadata);
    expect(selected?.href).toBe(mcp.tool.resource);
    // And the orchestrator's discovery step names the authorization server auth() goes to next.
    const info = await discoverOAuthServerInfo(mcp.endpoint, { fetchFn: localhostFetch });
    expect([info.authorizationServerUrl, info.resourceMetadata]).toEqual([`${service.url}/auth/v1`, metadata]);
  });
});
