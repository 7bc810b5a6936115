import type { IncomingMessage, IncomingHttpHeaders } from "node:http";
import { Transform, type TransformCallback } from "node:stream";
import { Agent, type Dispatcher } from "undici";
import { guardedLookup } from "../server/deployments";

/**
 * The app-proxy's connections to deployed tools (docs/decisions/030): one undici Agent, a
 * keep-alive pool per tool origin. undici's HTTP/1.1 client does about 1.7x the requests of
 * node:http's on this machine, which is most of the proxy's cost once everything is cached.
 * Every new connection resolves its host through the SSRF policy (guardedLookup), so DNS
 * rebinding gains nothing; IP literals were checked when the deployment was registered.
 */
export type DispatchController = Dispatcher.DispatchController;

let dispatcher: Agent | undefined;
export function upstreamDispatcher(): Agent {
  dispatcher ??= new Agent({
    connections: 256,
    keepAliveTimeout: 4_000,
    connect: { lookup: guardedLookup as never, noDelay: true },
  });
  return dispatcher;
}

/** Closes the pool's idle connections (shutdown). */
export async function closeUpstreamDispatcher(): Promise<void> {
  const current = dispatcher;
  dispatcher = undefined;
  await current?.close().catch(() => undefined);
}

export class BodyTooLarge extends Error {
  constructor(limit: number) {
    super(`request body over ${limit} bytes`);
    this.name = "BodyTooLarge";
  }
}

/** The request body as a stream that fails with BodyTooLarge past `limit` bytes (chunked uploads). */
export function cappedBody(req: IncomingMessage, limit: number): Transform {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      received += chunk.length;
      if (received > limit) return callback(new BodyTooLarge(limit));
      callback(null, chunk);
    },
  });
  req.on("error", (error) => counter.destroy(error));
  req.on("aborted", () => counter.destroy(new Error("client aborted the request")));
  return req.pipe(counter);
}

/** undici hands raw headers as Buffers; ServerResponse.writeHead takes a flat string list. */
export function rawHeaderList(raw: DispatchController["rawHeaders"], parsed: IncomingHttpHeaders): string[] {
  const out: string[] = [];
  if (Array.isArray(raw)) {
    for (const item of raw) out.push(typeof item === "string" ? item : item.toString("latin1"));
    return out;
  }
  for (const [name, value] of Object.entries(raw ?? parsed)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) out.push(name, String(one));
  }
  return out;
}

/** RFC 9110 hop-by-hop headers; plus whatever `Connection` names. */
export const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade"]);

/** The header names a `Connection` header lists (they are hop-by-hop for this message). */
export function connectionNamed(raw: string[]): Set<string> {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === "connection") for (const token of raw[i + 1]!.split(",")) named.add(token.trim().toLowerCase());
  }
  return named;
}

/** An upstream's response headers for the client: hop-by-hop ones and `alsoDropped` removed. */
export function downstreamHeaders(raw: string[], alsoDropped: ReadonlySet<string> = new Set()): string[] {
  const named = connectionNamed(raw);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const lower = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(lower) || alsoDropped.has(lower) || named.has(lower)) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}
