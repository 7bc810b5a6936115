import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/**
 * A deployed tool that speaks Streamable HTTP's transport shapes without MCP itself: `POST
 * /mcp` answers `text/event-stream` with one event, then holds the stream open until the test
 * calls `release()`, then sends a second event and ends; `GET /mcp` opens a standing SSE
 * stream that first echoes `Last-Event-ID`. Every answer carries `Mcp-Session-Id`, and the
 * request headers are kept, so a test can tell whether the proxy buffered or passed through.
 */
export interface SseUpstream {
  url: string;
  seen: { method: string; rawHeaders: string[] }[];
  /** Lets every held stream send its second event and end. */
  release(): void;
  close(): Promise<void>;
}

export async function startSseUpstream(): Promise<SseUpstream> {
  const seen: SseUpstream["seen"] = [];
  const held: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    seen.push({ method: req.method ?? "", rawHeaders: [...req.rawHeaders] });
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "mcp-session-id": "session-123" });
      if (req.method === "GET") res.write(`id: 8\ndata: resumed after ${req.headers["last-event-id"] ?? "nothing"}\n\n`);
      else res.write(`id: 1\ndata: first\n\n`);
      held.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    release() {
      for (const res of held.splice(0)) res.end(`id: 2\ndata: second\n\n`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
