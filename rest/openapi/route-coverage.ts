import type { Route } from "../route-types";

/**
 * A table row `/x/*` is documented as `/x/{param}`: the one trailing parameter stands for the
 * rest of the path. Both sides become `METHOD /x/*` to be compared.
 */
export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\/\{[^/}]+\}$/, "/*")}`;
}

export interface Coverage {
  /** Rows of rest/route-table.ts with no operation in the document. */
  undocumented: string[];
  /** Operations of the document that no row of the table serves. */
  unserved: string[];
}

/** Compares the route table with the document's `paths` (method + path, both ways). */
export function compareWithRouteTable(table: Pick<Route, "method" | "path">[], paths: Record<string, Record<string, unknown>>): Coverage {
  const served = new Set(table.map((route) => routeKey(route.method, route.path)));
  const documented = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of Object.keys(item)) documented.add(routeKey(method, path));
  }
  return {
    undocumented: [...served].filter((key) => !documented.has(key)).sort(),
    unserved: [...documented].filter((key) => !served.has(key)).sort(),
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
