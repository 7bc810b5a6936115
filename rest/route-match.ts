import type { IncomingMessage } from "node:http";
import type { RawRoute } from "./raw-route";
import type { Route } from "./route-types";

export interface RouteMatch {
  route: Route;
  /** The path's `{params}` by name, as sent (still percent-encoded). */
  params: Record<string, string>;
}

/** A `{param}` pattern that takes the rest of the path, slashes included (the handler judges it). */
export const REST_OF_PATH = ".*";
const ONE_SEGMENT = "[^/]+";

const escapeLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `/api/deployments/{name}/events` → `^/api/deployments/(?<name>[^/]+)/events$`, each param as its declaration says. */
function compilePath(route: Route): RegExp {
  const declared = new Map([...(route.pathParam ? [route.pathParam] : []), ...(route.pathParams ?? [])].map((param) => [param.name, param]));
  const source = route.path
    .split(/(\{[^/}]+\})/)
    .map((part) => {
      const name = /^\{([^/}]+)\}$/.exec(part)?.[1];
      return name === undefined ? escapeLiteral(part) : `(?<${name}>${declared.get(name)?.pattern ?? ONE_SEGMENT})`;
    })
    .join("");
  return new RegExp(`^${source}$`, "s");
}

/** How many fixed segments a path has: `/x/{id}/parts` outranks `/x/{id}` (sub-resources before catch-alls). */
const literalSegments = (path: string) => path.split("/").filter((segment) => segment && !segment.includes("{")).length;

/**
 * How a path finds its routes, compiled once from the declarations: an exact path (no
 * `{param}`) is one map lookup and wins outright; otherwise every patterned route that
 * matches, the ones with more fixed segments first (then in declaration order).
 */
export function routeMatcher(routes: Route[]) {
  const exact = new Map<string, Route[]>();
  const patterned: { route: Route; pattern: RegExp }[] = [];
  for (const route of routes) {
    if (!route.pathPattern && !route.path.includes("{")) exact.set(route.path, [...(exact.get(route.path) ?? []), route]);
    else if (route.fast) throw new Error(`${route.method} ${route.path}: a fast answer needs an exact path`);
    else patterned.push({ route, pattern: route.pathPattern ?? compilePath(route) });
  }
  patterned.sort((a, b) => literalSegments(b.route.path) - literalSegments(a.route.path));
  function candidates(pathname: string): RouteMatch[] {
    const direct = exact.get(pathname);
    if (direct) return direct.map((route) => ({ route, params: {} }));
    const found: RouteMatch[] = [];
    for (const { route, pattern } of patterned) {
      const match = pattern.exec(pathname);
      if (match) found.push({ route, params: { ...match.groups } });
    }
    return found;
  }
  return { exact, candidates };
}

/**
 * How a request on Node's objects finds its raw declarations (rest/raw-route.ts): the ones
 * matched by Host first, then the others in table order. Walks to the first that answers,
 * gathering on the way the headers of the ones that only add headers.
 */
export function rawMatcher(raw: RawRoute[]) {
  const ordered = [...raw.filter((r) => r.host), ...raw.filter((r) => !r.host)];
  const matches = (r: RawRoute, req: IncomingMessage) =>
    (!r.host || r.host(req.headers.host)) && (r.prefix === undefined || (req.url !== undefined && req.url.startsWith(r.prefix))) && (!r.when || r.when(req));
  return function rawRouteFor(req: IncomingMessage): { route?: RawRoute; headers?: Readonly<Record<string, string>> } | undefined {
    let headers: Readonly<Record<string, string>> | undefined;
    for (const r of ordered) {
      if (!matches(r, req)) continue;
      if (r.serve) return { route: r, headers };
      headers = headers ? { ...headers, ...r.headers } : r.headers;
    }
    return headers ? { headers } : undefined;
  };
}
