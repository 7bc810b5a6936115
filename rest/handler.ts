import { CROSS_ORIGIN_MESSAGE, isCrossOriginWrite } from "./cross-origin";
import { errorResponse, identityErrorResponse } from "./errors";
import { RequestContext } from "./request-context";
import { ownedPrefixes, routes } from "./route-table";
import { routeMatcher } from "./route-match";
import { json } from "./responses";
import type { HeaderReader, PlainAnswer } from "./plain-answer";
import type { Route } from "./route-types";
import type { SessionKeyMemo } from "../server/identity";

const { exact, candidates } = routeMatcher(routes);

/**
 * The Node entry's shortcut: a GET whose route can answer from in-process caches is answered
 * before any Request object exists. Undefined means "go the normal way" (also on any error:
 * the normal path then produces the proper error answer).
 */
export function fastAnswer(route: Route | undefined, header: HeaderReader, sessionKeys?: SessionKeyMemo): PlainAnswer | undefined {
  if (!route?.fast) return undefined;
  try {
    return route.fast(header, sessionKeys);
  } catch {
    return undefined;
  }
}

/** The GET declaration with a fast answer at exactly this path, if any (before any Request exists). */
export function fastRoute(method: string | undefined, rawUrl: string | undefined): Route | undefined {
  if (method !== "GET" || !rawUrl) return undefined;
  const query = rawUrl.indexOf("?");
  const route = exact.get(query === -1 ? rawUrl : rawUrl.slice(0, query))?.find((r) => r.method === "GET");
  return route?.fast ? route : undefined;
}

/**
 * Where handleRest says which declaration answered (the metrics label requests by it):
 * `null` for a path the edge refused without one (404 under an owned prefix, 405).
 */
export interface MatchedRoute {
  matchedRoute?: Route | null;
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown }).then === "function";
}

/**
 * The HTTP edge: answers every path in the route table and returns null for anything
 * else, which the caller hands to Remix. A handler that can answer without I/O does so
 * synchronously, and so does this function: no promise is made on that path.
 */
export function handleRest(
  request: Request,
  rawHeaders?: HeaderReader,
  clientAddress: string | null = null,
  matched?: MatchedRoute,
): Response | null | Promise<Response | null> {
  const url = new URL(request.url);
  const found = candidates(url.pathname);
  if (found.length === 0) {
    if (!ownedPrefixes.some((prefix) => url.pathname.startsWith(prefix))) return null;
    if (matched) matched.matchedRoute = null;
    return json({ message: "Not found" }, 404);
  }
  const method = request.method === "HEAD" ? "GET" : request.method;
  const match = found.find((m) => m.route.method === method);
  if (matched) matched.matchedRoute = match ? match.route : null;
  if (!match) {
    return json({ message: "Method not allowed" }, 405, { allow: found.map((m) => m.route.method).join(", ") });
  }
  const { route } = match;
  const ctx = new RequestContext(request, url, match.params, rawHeaders, clientAddress);
  const fail = (error: unknown) =>
    route.errorShape === "identity" ? identityErrorResponse(error, ctx.requestId) : errorResponse(error, ctx.requestId);
  const finish = (response: Response) => {
    for (const cookie of ctx.setCookies) response.headers.append("set-cookie", cookie);
    return response;
  };
  let result: Response | Promise<Response>;
  try {
    result =
      route.sessionCookie && isCrossOriginWrite(request.method, (name) => ctx.header(name))
        ? json({ message: CROSS_ORIGIN_MESSAGE }, 403)
        : route.handler(ctx);
  } catch (error) {
    result = fail(error);
  }
  return isPromise(result) ? result.then(finish, (error) => finish(fail(error))) : finish(result);
}
