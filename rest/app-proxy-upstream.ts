import type { IncomingMessage, IncomingHttpHeaders } from "node:http";
import { Transform, type TransformCallback } from "node:stream";
import type { Dispatcher } from "undici";

/**
 * The app-proxy's connections to deployed tools go through the deployments area's guarded
 * outbound client (guardedDispatcher, docs/decisions/030 and 031): one undici keep-alive pool
 * per tool origin, every new connection checked against the upstream policy.
 */
export type DispatchController = Dispatcher.DispatchController;

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
