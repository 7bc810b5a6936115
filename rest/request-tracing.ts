import type { IncomingMessage, ServerResponse } from "node:http";
import { startServerSpan } from "../server/platform/tracing";
import { isAppHost } from "../server/deployments";
import { PROVIDER_PROXY_PREFIX } from "../server/connections";
import type { MatchedRoute } from "./handler";
import { routeLabel } from "./route-label";

/**
 * One server span per request while tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT), named and
 * labelled like the metrics: `GET /api/deployments/{name}`, with `http.route` the declared
 * path. It ends when the answer is written, or cut.
 */
export function traceRequest(req: IncomingMessage, res: ServerResponse, requestId: string): void {
  const query = (req.url ?? "/").indexOf("?");
  const span = startServerSpan(`${req.method} request`, {
    "http.request.method": req.method ?? "GET",
    "url.path": query === -1 ? req.url ?? "/" : req.url!.slice(0, query),
    "svc.request_id": requestId,
  });
  if (!span) return;
  res.once("close", () => {
    const area = isAppHost(req.headers.host) ? "app-proxy" : req.url?.startsWith(PROVIDER_PROXY_PREFIX) ? "provider-proxy" : undefined;
    const label = routeLabel(req.url, res as ServerResponse & MatchedRoute, area);
    span.updateName(`${req.method} ${label}`);
    if ((res as MatchedRoute).matchedRoute) span.setAttribute("http.route", label);
    span.setAttribute("http.response.status_code", res.statusCode);
    // An answer cut before it was written (the client left) is marked so, not as its status.
    if (!res.writableFinished) span.setAttribute("svc.aborted", true);
    if (res.statusCode >= 500) span.setStatus({ code: 2 });
    span.end();
  });
}
