import { routeMatcher, type RouteShape } from "../route-match";

/**
 * How a row of rest/route-table.ts is named in the coverage message: `METHOD /x/*`, and for a
 * sub-resource row the pattern its rest must match (`GET /api/deployments/* rest /…/events$/`).
 */
export function rowKey(route: RouteShape): string {
  return `${route.method.toUpperCase()} ${route.path}${route.rest ? ` rest ${route.rest}` : ""}`;
}

/** What stands for each `{param}` when a documented path is routed like a request. */
const SAMPLE_SEGMENT = "sample";

/**
 * The row that serves a documented operation, found the way the HTTP edge finds it: the
 * path with each `{param}` filled in is routed through the same matcher (rest/route-match.ts).
 * A catch-all row `/x/*` serves `/x/{param}` only: a documented `/x/{name}/more` that would
 * merely fall into the catch-all has no row of its own, so it is not served.
 */
function servingRow<R extends RouteShape>(match: ReturnType<typeof routeMatcher<R>>, method: string, path: string): R | undefined {
  const concrete = path.replace(/\{[^/}]+\}/g, SAMPLE_SEGMENT);
  const route = match.candidates(concrete).find((candidate) => candidate.route.method === method.toUpperCase())?.route;
  if (!route || !route.path.endsWith("/*") || route.rest) return route;
  return /^\{[^/}]+\}$/.test(path.slice(route.path.length - 1)) ? route : undefined;
}

export interface Coverage {
  /** Rows of rest/route-table.ts with no operation in the document. */
  undocumented: string[];
  /** Operations of the document that no row of the table serves. */
  unserved: string[];
}

/** Compares the route table with the document's `paths` (each operation to the row that serves it, both ways). */
export function compareWithRouteTable(table: RouteShape[], paths: Record<string, Record<string, unknown>>): Coverage {
  const match = routeMatcher(table);
  const documented = new Set<RouteShape>();
  const unserved: string[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of Object.keys(item)) {
      const row = servingRow(match, method, path);
      if (row) documented.add(row);
      else unserved.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return {
    undocumented: table
      .filter((row) => !documented.has(row))
      .map(rowKey)
      .sort(),
    unserved: unserved.sort(),
  };
}

/** The message a failing check prints: what to add where. */
export function describeCoverage({ undocumented, unserved }: Coverage): string {
  const lines: string[] = [];
  if (undocumented.length > 0) {
    lines.push(
      "Routes in rest/route-table.ts that the OpenAPI document does not describe (add an operation in rest/openapi/operations/):",
      ...undocumented.map((key) => `  - ${key}`),
    );
  }
  if (unserved.length > 0) {
    lines.push("Operations in the OpenAPI document that no route serves (remove them or add the route):", ...unserved.map((key) => `  - ${key}`));
  }
  return lines.join("\n");
}
