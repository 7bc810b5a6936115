import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The loopback listener of `svc login` (SPEC 4.6 steps 1 and 5, issue 9 section 2). It serves
 * one thing, `POST /done` and its CORS preflight, to one caller, the bootstrap page at the
 * exact origin of apiBase:
 * - the Host header must be `127.0.0.1:<port>` (a DNS-rebinding page names another host);
 * - the preflight is granted only for that origin, with Private Network Access allowed;
 * - the POST must come from that origin, be `application/json`, at most 16 KB, and hold an
 *   `apiKey` starting with `svc_sk_` and a `tenantId`.
 * Anything else is answered with an error and the listener keeps waiting; the first valid
 * body wins and the listener closes.
 *
 * The page may instead POST `{ "refused": "not_admin" }`: the signed-in account may not log
 * in the CLI there (SPEC 4.6 step 3), and svc says so at once instead of waiting 5 minutes
 * (docs/decisions/034). Only the code travels; svc prints its own words.
 */

export const MAX_BODY_BYTES = 16 * 1024;

export interface LoginPayload {
  apiKey: string;
  tenantId: string;
  appId?: string;
  email?: string;
  issuedAt?: string;
}

/** Why the page will not issue a key. */
export type LoginRefusal = "not_admin";

export interface LoopbackListener {
  port: number;
  callbackUrl: string;
  /** Resolves with the first valid payload, or the page's refusal. */
  payload: Promise<LoginPayload | { refused: LoginRefusal }>;
  close(): Promise<void>;
}

export async function startLoopbackListener(allowedOrigin: string): Promise<LoopbackListener> {
  let accepted = false;
  let deliver!: (payload: LoginPayload | { refused: LoginRefusal }) => void;
  const payload = new Promise<LoginPayload | { refused: LoginRefusal }>((resolve) => (deliver = resolve));
  let port = 0;

  const server = createServer((req, res) => {
    const refuse = (status: number, message: string, cors = false) => {
      const headers: Record<string, string> = { "content-type": "application/json", "cache-control": "no-store", connection: "close" };
      if (cors) Object.assign(headers, corsHeaders(allowedOrigin));
      res.writeHead(status, headers).end(JSON.stringify({ message }));
      req.resume();
    };
    if (req.headers.host !== `127.0.0.1:${port}`) return refuse(400, "Wrong Host");
    if (req.url !== "/done") return refuse(404, "Not found");
    const fromPage = req.headers.origin === allowedOrigin;
    if (req.method === "OPTIONS") {
      if (!fromPage) return refuse(403, "Origin not allowed");
      if (req.headers["access-control-request-method"] !== "POST") return refuse(400, "Only POST is allowed", true);
      res
        .writeHead(204, {
          ...corsHeaders(allowedOrigin),
          "Access-Control-Allow-Methods": "POST",
          "Access-Control-Allow-Headers": "content-type",
          "Access-Control-Allow-Private-Network": "true",
          "Access-Control-Max-Age": "60",
        })
        .end();
      return;
    }
    if (req.method !== "POST") return refuse(405, "Only POST is allowed", fromPage);
    if (!fromPage) return refuse(403, "Origin not allowed");
    if (accepted) return refuse(409, "svc login already received a key", true);
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json") return refuse(400, "Content-Type must be application/json", true);
    if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return refuse(400, "Body too large", true);

    readBody(req, (text) => {
      if (text === null) return refuse(400, "Body too large", true);
      const parsed = parsePayload(text) ?? parseRefusal(text);
      if (!parsed) return refuse(400, "The body needs apiKey (svc_sk_...) and tenantId", true);
      if (accepted) return refuse(409, "svc login already received a key", true);
      accepted = true;
      res.writeHead(200, { ...corsHeaders(allowedOrigin), "content-type": "application/json", "cache-control": "no-store", connection: "close" });
      res.end('{"ok":true}', () => deliver(parsed));
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    port,
    callbackUrl: `http://127.0.0.1:${port}/done`,
    payload,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function corsHeaders(origin: string): Record<string, string> {
  return { "Access-Control-Allow-Origin": origin, Vary: "Origin" };
}

/** Reads at most MAX_BODY_BYTES; `null` when the body is longer (then stops reading). */
function readBody(req: IncomingMessage, done: (text: string | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  req.on("data", (chunk: Buffer) => {
    if (finished) return;
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      finished = true;
      chunks.length = 0;
      done(null); // answered now; the rest of the body is read and dropped (requestTimeout bounds it)
      return;
    }
    chunks.push(chunk);
  });
  req.on("end", () => {
    if (finished) return;
    finished = true;
    done(Buffer.concat(chunks).toString("utf8"));
  });
  req.on("error", () => {
    finished = true;
  });
}

function parseRefusal(text: string): { refused: LoginRefusal } | null {
  try {
    const body = JSON.parse(text) as unknown;
    return body !== null && typeof body === "object" && (body as { refused?: unknown }).refused === "not_admin" ? { refused: "not_admin" } : null;
  } catch {
    return null;
  }
}

const KEY_SHAPE = /^svc_sk_[A-Za-z0-9_-]{1,200}$/;

function parsePayload(text: string): LoginPayload | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) return null;
  const fields = body as Record<string, unknown>;
  if (typeof fields.apiKey !== "string" || !KEY_SHAPE.test(fields.apiKey)) return null;
  if (typeof fields.tenantId !== "string" || fields.tenantId === "" || fields.tenantId.length > 200) return null;
  const optional = (name: string) => (typeof fields[name] === "string" && (fields[name] as string).length <= 320 ? (fields[name] as string) : undefined);
  return { apiKey: fields.apiKey, tenantId: fields.tenantId, appId: optional("appId"), email: optional("email"), issuedAt: optional("issuedAt") };
}
