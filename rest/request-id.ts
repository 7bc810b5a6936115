import type { ServerResponse } from "node:http";
import { currentRequestId } from "../server/platform/request-scope";

/**
 * Names an answer with its request's id before its head is written with an object of
 * headers. Never before a head written as a raw array (the proxies' relayed answers): Node
 * then folds repeated headers, and a tool's second Set-Cookie would be lost. Those add the
 * id to the array itself (withRequestId).
 */
export function nameAnswer(res: ServerResponse): void {
  const id = currentRequestId();
  if (id !== undefined) res.setHeader("x-request-id", id);
}

/** A relayed answer's raw header list, with its request's id added. */
export function withRequestId(headers: string[], requestId: string | undefined): string[] {
  if (requestId !== undefined) headers.push("x-request-id", requestId);
  return headers;
}
