import { plainUrl, withoutTrailingSlashes } from "./plain-url.js";

/**
 * Where the shell broker is. The service tells the CLI (`sshBrokerUrl` in
 * `GET /api/cli/whoami`), so a broker on another host works; without that answer the
 * default is the service's own origin: ws(s)://<apiBase host>/ssh/v1.
 */
export function defaultBrokerUrl(apiBase: string): string {
  const url = new URL(apiBase);
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}/ssh/v1`;
}

/** `ws(s)://host[:port][/path]` without a trailing slash, or null for anything else. */
export function normalizeBrokerUrl(value: string): string | null {
  const url = plainUrl(value, ["ws:", "wss:"]);
  return url && `${url.protocol}//${url.host}${withoutTrailingSlashes(url.pathname)}`;
}

/** A refused WebSocket upgrade's `{ message }`, or the status line when the body says nothing. */
export async function refusalMessage(response: import("node:http").IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) {
    chunks.push(chunk as Buffer);
    if (chunks.reduce((n, c) => n + c.length, 0) > 16 * 1024) break;
  }
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { message?: unknown };
    if (typeof body.message === "string") return body.message;
  } catch {
    // not JSON: fall through to the status
  }
  return `HTTP ${response.statusCode} ${response.statusMessage ?? ""}`.trim();
}
