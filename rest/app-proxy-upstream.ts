import type { IncomingMessage } from "node:http";
import { Transform, type TransformCallback } from "node:stream";

/**
 * The app-proxy's request bodies on their way to a tool (through the deployments area's
 * guarded outbound client, docs/decisions/030 and 031): capped at APP_PROXY_MAX_BODY.
 */

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
