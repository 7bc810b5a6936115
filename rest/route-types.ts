import type { HeaderReader, PlainAnswer } from "./plain-answer";
import type { RequestContext } from "./request-context";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** Handlers answer synchronously when they can (no I/O needed), else with a promise. */
export type RouteHandler = (ctx: RequestContext) => Response | Promise<Response>;

export interface Route {
  method: Method;
  /** Exact path, or a prefix ending in `/*` whose rest becomes `params.rest`. */
  path: string;
  /**
   * Prefix routes only: the rest must match this too (sub-resources such as
   * `/api/deployments/{name}/agent-tokens`, listed before the prefix's catch-all rows).
   */
  rest?: RegExp;
  handler: RouteHandler;
  /** Unsafe methods authenticated by the session cookie refuse cross-site origins. */
  sessionCookie?: boolean;
  /**
   * GET routes only: the answer when it needs no I/O (everything it depends on is cached),
   * else undefined. The Node entry tries it before building any Request; it must not throw.
   */
  fast?: (header: HeaderReader) => PlainAnswer | undefined;
  /** Which error body the route speaks: the spec's `{ message }` or GoTrue's. */
  errorShape?: "message" | "identity";
}
