import { z } from "zod";
import { route, type Route } from "../route-types";
import { healthz, readyz } from "./health";

const reasons = z.array(z.enum(["starting", "draining", "database_unreachable", "migrations_not_current"]));

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
      {
        status: 200,
        description: "Alive.",
        schema: z.object({ status: z.literal("ok") }),
        headers: { "Cache-Control": "`no-store`" },
        examples: [{ name: "alive", summary: "Serving", body: { status: "ok" }, exact: true, request: { as: "anonymous" } }],
      },
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
      {
        status: 200,
        description: "Ready.",
        schema: z.object({ status: z.literal("ready") }),
        headers: { "Cache-Control": "`no-store`" },
        examples: [{ name: "ready", summary: "Ready", body: { status: "ready" }, exact: true, request: { as: "anonymous" } }],
      },
      {
        status: 503,
        description: "Not ready: each reason that holds (`starting`, `draining`, `database_unreachable`, `migrations_not_current`).",
        schema: z.object({ status: z.literal("not_ready"), reasons }),
      },
    ],
  }),
];
