import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for `svc login`'s loopback listener (SPEC 4.6 step 5) in browser tests: an HTTP
 * server on 127.0.0.1 that reads each request's body whole and hands it to `onRequest`,
 * which answers. `corsPreflight` answers the CORS preflight the way the CLI's listener does.
 */
export async function listenForBodies(
  onRequest: (req: IncomingMessage, body: string, res: ServerResponse) => void,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => onRequest(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The CORS headers for `allowedOrigin`. */
export const corsFor = (allowedOrigin: string) => ({ "Access-Control-Allow-Origin": allowedOrigin, Vary: "Origin" });

/** Answers an OPTIONS request with 204 allowing a JSON POST; true when it did. */
export function corsPreflight(req: IncomingMessage, res: ServerResponse, cors: Record<string, string>): boolean {
  if (req.method !== "OPTIONS") return false;
  res.writeHead(204, { ...cors, "Access-Control-Allow-Methods": "POST", "Access-Control-Allow-Headers": "content-type" }).end();
  return true;
}
