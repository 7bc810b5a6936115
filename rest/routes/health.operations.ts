import { z } from "zod";
import type { ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { healthz, metrics, readyz } from "./health";

const reasons = z.array(z.enum(["starting", "draining", "database_unreachable", "migrations_not_current"]));

/** A probe's 200: `{ status }`, never cached, replayed exactly. */
function probeAnswer(status: string, description: string, example: { name: string; summary: string }): ResponseDoc {
  return {
    status: 200,
    description,
    schema: z.object({ status: z.literal(status) }),
    headers: { "Cache-Control": "`no-store`" },
    examples: [{ ...example, body: { status }, exact: true, request: { as: "anonymous" } }],
  };
}

/** For load balancers and orchestrators: liveness and readiness (docs/deploy.md). */
export const healthOperations: Route[] = [
  route({
    method: "GET",
    path: "/healthz",
    handler: healthz,
    tag: "Operations",
    summary: "Is the process alive",
    description: "Liveness: 200 whenever the process serves HTTP, without touching the database. Restart the instance only when this fails.",
    auth: [],
    responses: [
      probeAnswer("ok", "Alive.", { name: "alive", summary: "Serving" }),
    ],
  }),
  route({
    method: "GET",
    path: "/readyz",
    handler: readyz,
    tag: "Operations",
    summary: "Should traffic come here",
    description:
      "Readiness: 200 when the database answers, its schema holds exactly this version's migrations, and the instance is not " +
      "draining. From SIGTERM on it answers 503 with `draining` while requests in flight finish (SHUTDOWN_GRACE_SECONDS).",
    auth: [],
    responses: [
      probeAnswer("ready", "Ready.", { name: "ready", summary: "Ready" }),
      {
        status: 503,
        description: "Not ready: each reason that holds (`starting`, `draining`, `database_unreachable`, `migrations_not_current`).",
        schema: z.object({ status: z.literal("not_ready"), reasons }),
      },
    ],
  }),
  route({
    method: "GET",
    path: "/metrics",
    handler: metrics,
    tag: "Operations",
    summary: "Prometheus metrics",
    description:
      "The Prometheus text format: requests by method, declared route and status class (`http_request_duration_seconds`), proxy upstream " +
      "latency and errors, the database pool, rate-limit refusals, open WebSockets, background job rounds, and the process's own. " +
      "Served on this port only when `METRICS_TOKEN` is set, to `Authorization: Bearer <METRICS_TOKEN>`; otherwise it is 404 here, and " +
      "`METRICS_PORT` serves it on 127.0.0.1 instead (README, Metrics).",
    auth: [],
    responses: [
      { status: 200, description: "The metrics.", contentType: "text/plain; version=0.0.4; charset=utf-8", headers: { "Cache-Control": "`no-store`" } },
      { status: 401, description: "`METRICS_TOKEN` is set and the request does not carry it as its bearer (`Unauthorized`)." },
      {
        status: 404,
        description: "`METRICS_TOKEN` is not set: metrics are not served on this port.",
        examples: [{ name: "off", summary: "No METRICS_TOKEN", body: { message: "Not found" }, exact: true, request: { as: "anonymous" } }],
      },
    ],
  }),
];
