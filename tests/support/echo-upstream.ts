import { createServer, type IncomingMessage, type Server } from "node:http";
import { WebSocketServer } from "ws";
import { suiteResource } from "./suite-resource";

export interface EchoUpstream {
  url: string;
  port: number;
  /** Requests seen, newest last: raw header pairs as the tool received them. */
  seen: { method: string; url: string; rawHeaders: string[] }[];
  close(): Promise<void>;
}

/**
 * A deployed tool for tests: answers every request with JSON describing what it received
 * (method, path, raw headers, body size), plus a few special paths (a slow answer, cookies
 * and redirects to pass through, `/set-cookie?c=...&c=...&h=...` answering each `c` as a Set-Cookie
 * line and each `h` as a `Name: value` header, as a hostile tool would), and a WebSocket endpoint that first sends the upgrade
 * request's headers and then echoes every message.
 */
export async function startEchoUpstream(): Promise<EchoUpstream> {
  const seen: EchoUpstream["seen"] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", rawHeaders: [...req.rawHeaders] });
    if (req.url === "/slow") {
      setTimeout(() => res.end("late"), 3_000).unref();
      return;
    }
    if (req.url === "/cookies") {
      res.writeHead(302, [["Location", "/somewhere?x=1"], ["Set-Cookie", "tool_a=1; Path=/; HttpOnly"], ["Set-Cookie", "tool_b=2; Path=/"], ["Connection", "keep-alive, X-Drop-Me"], ["X-Drop-Me", "hop"]].flat() as never);
      res.end();
      return;
    }
    if (req.url?.startsWith("/set-cookie?")) {
      const query = new URL(req.url, "http://tool.invalid").searchParams;
      const lines = query.getAll("c");
      // `h=Name: value` adds any other header.
      const others = query.getAll("h").flatMap((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]);
      res.writeHead(200, ["Content-Type", "text/html", ...lines.flatMap((line) => ["Set-Cookie", line]), ...others] as never);
      res.end("<!doctype html><title>cookies</title><p>planted</p>");
      return;
    }
    let bytes = 0;
    req.on("data", (chunk: Buffer) => (bytes += chunk.length));
    req.on("end", () => {
      const body = JSON.stringify({ method: req.method, url: req.url, rawHeaders: req.rawHeaders, bodyBytes: bytes });
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
  });
  const wss = new WebSocketServer({ server });
  // An upgrade to /ws-cookies answers with cookies, one of them for the parent domain and one of ours.
  wss.on("headers", (headers, req) => {
    if (req.url === "/ws-cookies") headers.push("Set-Cookie: ws=1; Domain=localhost; Path=/", "Set-Cookie: svc_session=planted; Domain=localhost; Path=/api", "Set-Cookie: tool_ws=2");
  });
  wss.on("connection", (socket, req) => {
    socket.send(JSON.stringify({ rawHeaders: req.rawHeaders }));
    socket.on("message", (data) => socket.send(`echo:${String(data)}`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Header pairs as a list of [lower-case name, value]. */
export function headerPairs(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i]!.toLowerCase(), raw[i + 1]!]);
  return out;
}

/** The suite's echo upstream, started before its tests and closed after them (see suiteResource). */
export function suiteEchoUpstream(): EchoUpstream {
  return suiteResource(startEchoUpstream, (upstream) => upstream.close());
}
