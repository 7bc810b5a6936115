import type { RequestContext } from "./request-context";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** Handlers answer synchronously when they can (no I/O needed), else with a promise. */
export type RouteHandler = (ctx: RequestContext) => Response | Promise<Response>;

export interface Route {
  method: Method;
  /** Exact path, or a prefix ending in `/*` whose rest becomes `params.rest`. */
  path: string;
  handler: RouteHandler;
  /** Unsafe methods authenticated by the session cookie refuse cross-site origins. */
  sessionCookie?: boolean;
  /** Which error body the route speaks: the spec's `{ message }` or GoTrue's. */
  errorShape?: "message" | "identity";
}
