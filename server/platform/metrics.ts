import { hash, timingSafeEqual } from "node:crypto";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { getConfig } from "./config";

/**
 * The service's Prometheus metrics: the one registry and every metric's definition. Areas and
 * the edge record through the functions below; `GET /metrics` (rest/routes/health.ts) and the
 * loopback listener (rest/metrics-listener.ts) read `metricsText()`.
 *
 * Off unless METRICS_TOKEN or METRICS_PORT is set: then nothing is recorded at all, and the
 * hot paths pay one boolean test. Labels only ever hold fixed words or a route's declared
 * path (`/api/deployments/{name}`), never a raw URL, id or address: their number stays small.
 */

let enabled: boolean | undefined;

/** Whether metrics are recorded in this process (read once from the configuration). */
export function metricsEnabled(): boolean {
  if (enabled === undefined) {
    const config = getConfig();
    enabled = config.METRICS_TOKEN !== undefined || config.METRICS_PORT !== undefined;
  }
  return enabled;
}

const registry = new Registry();
let defaultsCollected = false;

const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const REQUEST_METRIC = "http_request_duration_seconds";
const REQUEST_HELP =
  "HTTP requests served, by method, declared route (or a fixed area: dashboard, static, app-proxy, provider-proxy, unmatched) and status class; _count is the request count.";

/**
 * One label set's request histogram, kept as plain numbers: recording is a bucket search and
 * three additions. prom-client's own Histogram validates and hashes its labels on every
 * observe, which priced the signed-in /api/auth/me fast path; this is read into the same
 * exposition at each scrape instead (requestHistograms below).
 */
class RequestHistogram {
  /** Per bucket (not cumulative), the last one past the largest bound (+Inf). */
  readonly counts = new Float64Array(REQUEST_BUCKETS.length + 1);
  sum = 0;
  count = 0;

  constructor(readonly labels: { method: string; route: string; status_class: string }) {}

  observe(seconds: number): void {
    let i = 0;
    while (i < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[i]!) i++;
    this.counts[i]!++;
    this.sum += seconds;
    this.count++;
  }
}

const requestHistograms: RequestHistogram[] = [];

registry.registerMetric({
  name: REQUEST_METRIC,
  help: REQUEST_HELP,
  type: "histogram",
  aggregator: "sum",
  get: async () => ({
    name: REQUEST_METRIC,
    help: REQUEST_HELP,
    type: "histogram",
    aggregator: "sum",
    values: requestHistograms.flatMap((histogram) => {
      let cumulative = 0;
      const buckets = REQUEST_BUCKETS.map((bound, i) => {
        cumulative += histogram.counts[i]!;
        return { metricName: `${REQUEST_METRIC}_bucket`, labels: { ...histogram.labels, le: bound }, value: cumulative };
      });
      return [
        ...buckets,
        { metricName: `${REQUEST_METRIC}_bucket`, labels: { ...histogram.labels, le: "+Inf" }, value: histogram.count },
        { metricName: `${REQUEST_METRIC}_sum`, labels: histogram.labels, value: histogram.sum },
        { metricName: `${REQUEST_METRIC}_count`, labels: histogram.labels, value: histogram.count },
      ];
    }),
  }),
} as never);

const upstreamDuration = new Histogram({
  name: "proxy_upstream_duration_seconds",
  help: "Time from sending a proxied request upstream to its answer's headers, by proxy (app, provider).",
  labelNames: ["proxy"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [registry],
});

const upstreamErrors = new Counter({
  name: "proxy_upstream_errors_total",
  help: "Proxied requests whose upstream did not answer, by proxy (app, provider) and reason (timeout, unreachable).",
  labelNames: ["proxy", "reason"] as const,
  registers: [registry],
});

const rateLimitRefusals = new Counter({
  name: "rate_limit_refusals_total",
  help: "Requests refused by a rate limit, by limit (signin-account, signin-address, signup-address, key-failure, tenant-create, ...).",
  labelNames: ["limit"] as const,
  registers: [registry],
});

const openWebSockets = new Gauge({
  name: "websockets_open",
  help: "Upgraded connections open now, by kind (app-proxy, shell).",
  labelNames: ["kind"] as const,
  registers: [registry],
});

const jobRuns = new Counter({
  name: "background_job_runs_total",
  help: "Rounds of background jobs this instance ran, by job and outcome (ok, failed).",
  labelNames: ["job", "outcome"] as const,
  registers: [registry],
});

/** What the database pool reports; set by start-up, read at each scrape. */
let readPool: (() => { used: number; free: number; pending: number } | undefined) | undefined;

new Gauge({
  name: "db_pool_connections",
  help: "The database pool's connections, by state: used (lent to a query), free (idle), pending (requests waiting for one).",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    const pool = readPool?.();
    if (!pool) return;
    this.set({ state: "used" }, pool.used);
    this.set({ state: "free" }, pool.free);
    this.set({ state: "pending" }, pool.pending);
  },
});

/** Start-up hands over how to read the pool (the ORM lives above this floor). */
export function watchDatabasePool(read: () => { used: number; free: number; pending: number } | undefined): void {
  readPool = read;
}

/**
 * One method and route's request histogram, its status-class children made once: recording a
 * request is an array index and an observe, no label object built per request.
 */
export class RequestRecorder {
  private readonly children: (RequestHistogram | undefined)[] = [];

  constructor(
    private readonly method: string,
    private readonly route: string,
  ) {}

  /** Records one answered request that began at `startedAt` (performance.now()). */
  record(status: number, startedAt: number): void {
    const seconds = (performance.now() - startedAt) / 1000;
    const index = status >= 100 && status < 600 ? Math.floor(status / 100) : 0;
    let child = this.children[index];
    if (!child) {
      child = this.children[index] = new RequestHistogram({ method: this.method, route: this.route, status_class: index === 0 ? "other" : `${index}xx` });
      requestHistograms.push(child);
    }
    child.observe(seconds);
  }
}

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const recorders = new Map<string, Map<string, RequestRecorder>>();

/**
 * The recorder of `method` and `route` (a declared path or a fixed area name), made on first
 * use and kept. A method outside the usual ones is labelled OTHER.
 */
export function requestRecorder(method: string | undefined, route: string): RequestRecorder {
  const known = method !== undefined && KNOWN_METHODS.has(method) ? method : "OTHER";
  let byRoute = recorders.get(known);
  if (!byRoute) recorders.set(known, (byRoute = new Map()));
  let recorder = byRoute.get(route);
  if (!recorder) byRoute.set(route, (recorder = new RequestRecorder(known, route)));
  return recorder;
}

/** The time now (performance.now()), for a later `record`; 0 when metrics are off (nothing will be recorded). */
export function requestStart(): number {
  return metricsEnabled() ? performance.now() : 0;
}

export type ProxyKind = "app" | "provider";

/** Upstream answered with headers `startedAt` (performance.now()) ago. */
export function recordUpstreamAnswer(proxy: ProxyKind, startedAt: number): void {
  if (!metricsEnabled()) return;
  upstreamDuration.labels(proxy).observe((performance.now() - startedAt) / 1000);
}

export function recordUpstreamError(proxy: ProxyKind, reason: "timeout" | "unreachable"): void {
  if (metricsEnabled()) upstreamErrors.labels(proxy, reason).inc();
}

/** A rate limit refused `key`; its label is the key's fixed prefix (`signin-address:…` → `signin-address`). */
export function recordRateLimitRefusal(key: string): void {
  if (!metricsEnabled()) return;
  const colon = key.indexOf(":");
  rateLimitRefusals.labels(colon > 0 ? key.slice(0, colon) : "other").inc();
}

export type WebSocketKind = "app-proxy" | "shell";

/** An upgraded connection opened; call the returned function once when it closes. */
export function recordWebSocketOpen(kind: WebSocketKind): () => void {
  if (!metricsEnabled()) return () => undefined;
  openWebSockets.labels(kind).inc();
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    openWebSockets.labels(kind).dec();
  };
}

export function recordJobRun(job: string, outcome: "ok" | "failed"): void {
  if (metricsEnabled()) jobRuns.labels(job, outcome).inc();
}

export const METRICS_CONTENT_TYPE = registry.contentType;

/** The Prometheus text exposition of every metric (the process's own included). */
export function metricsText(): Promise<string> {
  if (!defaultsCollected) {
    defaultsCollected = true;
    collectDefaultMetrics({ register: registry });
  }
  return registry.metrics();
}

/** Whether an Authorization header carries `Bearer <METRICS_TOKEN>` (compared in constant time). */
export function isMetricsBearer(authorization: string | undefined | null, token: string): boolean {
  if (!authorization?.startsWith("Bearer ")) return false;
  // Digests of equal length: timingSafeEqual neither throws nor tells the token's length.
  return timingSafeEqual(sha256Bytes(authorization.slice(7).trim()), sha256Bytes(token));
}

const sha256Bytes = (text: string) => hash("sha256", text, "buffer");
