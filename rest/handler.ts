import { getConfig } from "../server/config";
import { errorResponse, identityErrorResponse } from "./errors";
import { RequestContext } from "./request-context";
import { ownedPrefixes, routes } from "./route-table";
import type { Route } from "./route-types";
import { json } from "./responses";

interface Match {
  route: Route;
  params: Record<string, string>;
}

const exact = new Map<string, Route[]>();
const prefixed: Route[] = [];
for (const route of routes) {
  if (route.path.endsWith("/*")) prefixed.push(route);
  else exact.set(route.path, [...(exact.get(route.path) ?? []), route]);
}

function candidates(pathname: string): Match[] {
  const direct = exact.get(pathname);
  if (direct) return direct.map((route) => ({ route, params: {} }));
  return prefixed
    .filter((route) => pathname.startsWith(route.path.slice(0, -1)))
    .map((route) => ({ route, params: { rest: pathname.slice(route.path.length - 1) } }));
}

/** Browsers always send Origin on cross-site POSTs; a mismatch with our host is refused. */
function isCrossSite(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return origin === "null";
  const host = request.headers.get("host");
  try {
    const originHost = new URL(origin).host;
    return originHost !== host && originHost !== new URL(getConfig().baseUrl).host;
  } catch {
    return true;
  }
}

/**
 * The HTTP edge: answers every path in the route table and returns null for anything
 * else, which the caller hands to Remix.
 */
export async function handleRest(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const found = candidates(url.pathname);
  if (found.length === 0) {
    return ownedPrefixes.some((prefix) => url.pathname.startsWith(prefix)) ? json({ message: "Not found" }, 404) : null;
  }
  const method = request.method === "HEAD" ? "GET" : request.method;
  const match = found.find((m) => m.route.method === method);
  if (!match) {
    return json({ message: "Method not allowed" }, 405, { allow: found.map((m) => m.route.method).join(", ") });
  }
  const ctx = new RequestContext(request, url, match.params);
  let response: Response;
  try {
    if (match.route.sessionCookie && isCrossSite(request)) {
      response = json({ message: "Cross-site request refused" }, 403);
    } else {
      response = await match.route.handler(ctx);
    }
  } catch (error) {
    response = match.route.errorShape === "identity" ? identityErrorResponse(error, ctx.requestId) : errorResponse(error, ctx.requestId);
  }
  for (const cookie of ctx.setCookies) response.headers.append("set-cookie", cookie);
  if (match.route.upload && response.status >= 400) response.headers.set("connection", "close");
  return response;
}
