import type { MatchedRoute } from "./handler";

/**
 * What a request is called in metrics and traces: `area` when one owns it (the app-proxy, the
 * provider proxy), else the declaration handleRest matched (its declared path, never the URL,
 * so ids and names never become labels), else static files or the dashboard.
 */
export function routeLabel(url: string | undefined, res: MatchedRoute, area?: string): string {
  if (area) return area;
  const matched = res.matchedRoute;
  if (matched) return matched.path;
  if (matched === null) return "unmatched";
  return url !== undefined && (url.startsWith("/build/") || url.startsWith("/favicon.ico")) ? "static" : "dashboard";
}
