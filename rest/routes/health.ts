import { notReadyReasons } from "../../server/start";
import { getConfig } from "../../server/platform/config";
import { isMetricsBearer, METRICS_CONTENT_TYPE, metricsText } from "../../server/platform/metrics";
import type { RequestContext } from "../request-context";
import { json } from "../responses";

const NO_STORE = { "cache-control": "no-store" };

/** GET /healthz: the process is alive and serving (no I/O). */
export function healthz(): Response {
  return json({ status: "ok" }, 200, NO_STORE);
}

/** GET /readyz: send traffic here? The database answers, the schema is this code's, no drain. */
export async function readyz(_ctx: RequestContext): Promise<Response> {
  const reasons = await notReadyReasons();
  return reasons.length === 0 ? json({ status: "ready" }, 200, NO_STORE) : json({ status: "not_ready", reasons }, 503, NO_STORE);
}

/**
 * GET /metrics on the public port: only with METRICS_TOKEN set, and only to its bearer. Without
 * it the path does not exist here (404, like any unknown path); METRICS_PORT serves it on
 * loopback instead (rest/metrics-listener.ts).
 */
export async function metrics(ctx: RequestContext): Promise<Response> {
  const token = getConfig().METRICS_TOKEN;
  if (token === undefined) return json({ message: "Not found" }, 404);
  if (!isMetricsBearer(ctx.header("authorization"), token)) {
    return json({ message: "Unauthorized" }, 401, { "www-authenticate": 'Bearer realm="metrics"', ...NO_STORE });
  }
  return new Response(await metricsText(), { status: 200, headers: { "content-type": METRICS_CONTENT_TYPE, ...NO_STORE } });
}
