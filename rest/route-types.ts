import type { RequestContext } from "./request-context";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type RouteHandler = (ctx: RequestContext) => Promise<Response>;

export interface Route {
  method: Method;
  /** Exact path, or a prefix ending in `/*` whose rest becomes `params.rest`. */
  path: string;
  handler: RouteHandler;
  /** Unsafe methods authenticated by the session cookie refuse cross-site origins. */
  sessionCookie?: boolean;
  /** Uploads: an error answer closes the connection, so an unread body is never drained. */
  upload?: boolean;
  /** Which error body the route speaks: the spec's `{ message }` or GoTrue's. */
  errorShape?: "message" | "identity";
}
