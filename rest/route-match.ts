import type { Route } from "./route-types";

export interface RouteMatch<R extends RouteShape = Route> {
  route: R;
  params: Record<string, string>;
}

/** What matching needs of a row (the coverage check passes rows without handlers). */
export type RouteShape = Pick<Route, "method" | "path" | "rest">;

/**
 * How a path finds its rows, shared by the HTTP edge (rest/handler.ts) and the OpenAPI
 * coverage check (rest/openapi/route-coverage.ts), so both agree on which row serves what:
 * an exact row wins; otherwise every `/x/*` row whose prefix starts the path and whose
 * `rest` pattern (if any) accepts the remainder, in table order.
 */
export function routeMatcher<R extends RouteShape>(table: R[]) {
  const exact = new Map<string, R[]>();
  const prefixed: R[] = [];
  for (const route of table) {
    if (route.path.endsWith("/*")) prefixed.push(route);
    else exact.set(route.path, [...(exact.get(route.path) ?? []), route]);
  }
  function candidates(pathname: string): RouteMatch<R>[] {
    const direct = exact.get(pathname);
    if (direct) return direct.map((route) => ({ route, params: {} }));
    return prefixed
      .filter((route) => pathname.startsWith(route.path.slice(0, -1)))
      .map((route) => ({ route, params: { rest: pathname.slice(route.path.length - 1) } }))
      .filter((match) => !match.route.rest || match.route.rest.test(match.params.rest!));
  }
  return { exact, candidates };
}
