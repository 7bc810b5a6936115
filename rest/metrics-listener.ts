import { createServer, type Server } from "node:http";
import { log } from "../server/platform/log";
import { METRICS_CONTENT_TYPE, metricsText } from "../server/platform/metrics";

/**
 * METRICS_PORT: a second listener, on 127.0.0.1 only, that answers `GET /metrics` without a
 * token (whoever reaches the machine's loopback is trusted to read counts) and 404 to anything
 * else. Nothing else of the service is reachable through it.
 */
export function startMetricsListener(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const path = req.url?.split("?", 1)[0];
    if ((req.method !== "GET" && req.method !== "HEAD") || path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    metricsText().then(
      (text) => res.writeHead(200, { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" }).end(req.method === "HEAD" ? undefined : text),
      (error) => {
        log.error("metrics: collecting failed", error);
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Collecting the metrics failed\n");
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      log.info(`metrics on http://127.0.0.1:${port}/metrics`);
      resolve(server);
    });
  });
}
