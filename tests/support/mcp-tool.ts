import { randomUUID } from "node:crypto";
import { lookup, type LookupOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import { createServer, type Server } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { Agent, fetch as undiciFetch } from "undici";
import { suiteResource } from "./suite-resource";

/**
 * A deployed tool written with the official MCP TypeScript SDK and nothing else: Streamable
 * HTTP at `/mcp` (stateful, so `Mcp-Session-Id` travels through the proxy), one tool `whoami`
 * that answers with the identity headers the request reached it with. No auth code at all:
 * that is the app-proxy's job.
 */
export interface McpTool {
  url: string;
  close(): Promise<void>;
}

function mcpServer(): McpServer {
  const server = new McpServer({ name: "whoami-tool", version: "1.0.0" });
  server.registerTool("whoami", { description: "Who the app-proxy says is calling" }, async (extra) => {
    const headers = extra.requestInfo?.headers ?? {};
    const picked = Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith("x-svc-") || name === "authorization"));
    return { content: [{ type: "text", text: JSON.stringify(picked) }] };
  });
  return server;
}

export async function startMcpTool(): Promise<McpTool> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http: Server = createServer(async (req, res) => {
    const id = req.headers["mcp-session-id"];
    let transport = typeof id === "string" ? sessions.get(id) : undefined;
    if (!transport) {
      transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport!) });
      await mcpServer().connect(transport);
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", () => resolve()));
  const port = (http.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const transport of sessions.values()) void transport.close();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/**
 * fetch() for `*.localhost` tool hosts, which this machine's resolver does not know (a
 * browser resolves them itself): every name connects to 127.0.0.1, the URL and Host stay.
 */
const toLoopback: LookupFunction = (_host, options, callback) => lookup("127.0.0.1", options as LookupOptions, callback as never);
const loopback = new Agent({ connect: { lookup: toLoopback } });
export const localhostFetch = ((url: string | URL, init?: RequestInit) => undiciFetch(url, { ...(init as object), dispatcher: loopback } as never)) as unknown as typeof fetch;

/** The suite's MCP tool, started before its tests and closed after them (see suiteResource). */
export function suiteMcpTool(): McpTool {
  return suiteResource(startMcpTool, (tool) => tool.close());
}
