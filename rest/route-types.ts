import type { Method, OperationDoc } from "./openapi/operation";
import type { HeaderReader, PlainAnswer } from "./plain-answer";
import type { RequestContext } from "./request-context";
import type { SessionKeyMemo } from "../server/identity";

export type { Method };
/** Handlers answer synchronously when they can (no I/O needed), else with a promise. */
export type RouteHandler = (ctx: RequestContext) => Response | Promise<Response>;

/**
 * One public operation, declared once beside its handler (docs/decisions/032): what the
 * OpenAPI document says of it (method, path with `{params}`, who may call it, input,
 * responses with replayed examples) and how the HTTP edge serves it. The dispatcher
 * (rest/handler.ts), the route list (rest/route-table.ts) and the document
 * (rest/openapi/document.ts) are all derived from these.
 */
export interface Route extends OperationDoc {
  /** Gets the path's `{params}` in `ctx.params`, by name, as they were sent (still percent-encoded). */
  handler: RouteHandler;
  /** Unsafe methods authenticated by the session cookie refuse cross-site origins. */
  sessionCookie?: boolean;
  /**
   * GET routes on an exact path only: the answer when it needs no I/O (everything it depends
   * on is cached), else undefined. The Node entry tries it before building any Request; it
   * must not throw (docs/decisions/003). `sessionKeys` is the connection's memo of its last
   * session cookie's cache key (docs/decisions/092), when the Node entry has one.
   */
  fast?: (header: HeaderReader, sessionKeys?: SessionKeyMemo) => PlainAnswer | undefined;
  /** Which error body the route speaks: the spec's `{ message }` or GoTrue's. */
  errorShape?: "message" | "identity";
  /**
   * The paths the route answers when they are wider than `path` spells, with the params as
   * named groups (the provider proxy takes every path under `/api/proxy/` and judges it
   * itself). Otherwise `path` is compiled (rest/route-match.ts).
   */
  pathPattern?: RegExp;
}

/** Declares a route: the identity, for the type check and for reading. */
export const route = (declaration: Route): Route => declaration;
