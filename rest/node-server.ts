import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { getConfig } from "../server/platform/config";
import { log } from "../server/platform/log";
import { requestIdFor, runInRequestScope } from "../server/platform/request-scope";
import { getRuntime, hostHandlesSignals, isDraining, shutdownRuntime, startDraining } from "../server/start";
import { fastAnswer, handleRest, type MatchedRoute } from "./handler";
import { nodeRoute } from "./node-route";
import { rawHeader } from "./raw-header";
import { sessionKeysOf } from "./connection-session-keys";
import { metricsEnabled, recordWebSocketOpen, requestRecorder, requestStart } from "../server/platform/metrics";
import { startMetricsListener } from "./metrics-listener";
import { memoryAllocator } from "../server/platform/memory-allocator";
import { routeLabel } from "./route-label";
import { traceRequest } from "./request-tracing";
import { startTracing, stopTracing, tracer } from "../server/platform/tracing";
import { serveFile } from "./static-files";
import { handleAppUpgrade } from "./app-proxy";
import { closeShellBroker, handleBrokerUpgrade, isBrokerPath, wireShellAccessChecks } from "./ssh-broker/upgrade";
import { closeGuardedDispatcher, isAppHost } from "../server/deployments";
import { CROSS_ORIGIN_MESSAGE, isCrossOriginWrite } from "./cross-origin";
import { json } from "./responses";
import { logProcessFailures } from "./process-failures";
import { normalizeClientAddress, type DashboardLoadContext } from "./client-address";
import { answerUnparsableRequests, closeLingeringConnections } from "./lingering-close";

/**
 * The Node entry behind `npm start`: REST paths are answered directly (the fast path,
 * through @hono/node-server's lean Request adapter); static assets come from public/;
 * everything else goes to Remix.
 */
export async function startNodeServer(build: ServerBuild, options: { port?: number; host?: string } = {}): Promise<Server> {
  hostHandlesSignals();
  logProcessFailures();
  wireShellAccessChecks();
  await getRuntime();
  await startTracing();
  const config = getConfig();
  const remix = createRequestHandler(build, process.env.NODE_ENV ?? "production");
  const notRest = async (request: Request, clientAddress: string | null): Promise<Response> => {
    // Before Remix, whose own check compares Origin with Host and answers a mismatch with a
    // 500; the dashboard actions check again (app/lib/caller.server.ts) for remix-serve.
    if (isCrossOriginWrite(request.method, (name) => request.headers.get(name))) return json({ message: CROSS_ORIGIN_MESSAGE }, 403);
    alignForwardedHost(request);
    const pathname = new URL(request.url).pathname;
    if (pathname.startsWith("/build/") || pathname === "/favicon.ico") {
      const asset = await serveFile("public", pathname.slice(1), { immutable: pathname.startsWith("/build/") });
      if (asset) return asset;
    }
    return remix(request, { clientAddress } satisfies DashboardLoadContext);
  };
  const metricsOn = metricsEnabled();
  // Traces and metrics both name a request by its declared route; off, nothing is noted.
  const tracingOn = tracer() !== undefined;
  const observing = metricsOn || tracingOn;
  // Handed back as is when handleRest answers synchronously: the adapter then writes it
  // without waiting a tick. With metrics on, handleRest notes on the response which
  // declaration matched (recordWhenFinished labels the request by it).
  const listener = getRequestListener((request, env) => {
    const { incoming, outgoing } = env as HttpBindings;
    const clientAddress = normalizeClientAddress(incoming.socket.remoteAddress);
    const rest = handleRest(request, (name) => rawHeader(incoming.rawHeaders, name), clientAddress, observing ? (outgoing as MatchedRoute) : undefined);
    if (rest === null) return notRest(request, clientAddress);
    if (rest instanceof Promise) return rest.then((response) => response ?? notRest(request, clientAddress));
    return rest;
  });
  // startedAt is 0 when metrics are off: then nothing is recorded.
  const serve = (req: IncomingMessage, res: ServerResponse, requestId: string, startedAt: number, clientAddress: string | null) => {
    // Draining: answer, then close the connection, so its client goes to another instance.
    if (isDraining()) res.shouldKeepAlive = false;
    // One question to the route table (docs/decisions/068). A raw declaration (the tools'
    // hosts, public CORS preflights, the provider proxy, the authorization server) answers on
    // Node's objects and names its answer itself (rest/request-id.ts).
    const found = nodeRoute(req);
    if (found.headers) for (const name in found.headers) res.setHeader(name, found.headers[name]!);
    const raw = found.raw;
    if (raw) {
      if (startedAt && raw.area) recordWhenFinished(req, res, startedAt, raw.area);
      return raw.serve!(req, res, clientAddress);
    }
    const route = found.fast;
    const answer = fastAnswer(route, (name) => rawHeader(req.rawHeaders, name), route && sessionKeysOf(req.socket));
    if (!answer) {
      res.setHeader("x-request-id", requestId);
      if (startedAt) recordWhenFinished(req, res, startedAt);
      return void listener(req, res);
    }
    // The id goes in the head itself: a header set beforehand sends writeHead down Node's
    // slower merging path, on the route the benchmark measures.
    if (tracingOn) (res as MatchedRoute).matchedRoute = route;
    res.writeHead(answer.status, { ...answer.headers, "x-request-id": requestId, "content-length": Buffer.byteLength(answer.body) });
    res.end(answer.body);
    // The whole answer is written: recorded now, without waiting for (and listening to) "finish".
    if (startedAt) requestRecorder("GET", route!.path).record(answer.status, startedAt);
  };
  // Every answer names its request; every log line written while serving it carries the id.
  const server = createServer((req, res) => {
    const startedAt = requestStart();
    const clientAddress = normalizeClientAddress(req.socket.remoteAddress);
    const requestId = requestIdFor(rawHeader(req.rawHeaders, "x-request-id"), clientAddress);
    if (tracingOn) traceRequest(req, res, requestId);
    const origin = { clientAddress, userAgent: rawHeader(req.rawHeaders, "user-agent") ?? null };
    runInRequestScope(requestId, () => serve(req, res, requestId, startedAt, clientAddress), origin);
  });
  answerUnparsableRequests(server);
  server.on("upgrade", (req, socket, head) => {
    // Upgraded sockets leave the HTTP server's bookkeeping: kept here so shutdown can end them.
    upgradedSockets.add(socket);
    const kind = isAppHost(req.headers.host) ? "app-proxy" : isBrokerPath(req.url) ? "shell" : undefined;
    const closed = kind && metricsOn ? recordWebSocketOpen(kind) : undefined;
    socket.once("close", () => {
      upgradedSockets.delete(socket);
      closed?.();
    });
    if (isAppHost(req.headers.host)) return void handleAppUpgrade(req, socket, head, normalizeClientAddress(req.socket.remoteAddress));
    if (isBrokerPath(req.url)) return void handleBrokerUpgrade(req, socket, head, normalizeClientAddress(req.socket.remoteAddress));
    socket.destroy();
  });
  server.keepAliveTimeout = 65_000;
  const port = options.port ?? config.PORT;
  const host = options.host ?? config.HOST;
  try {
    await listenWaitingForPort(server, port, host, config.PORT_BUSY_WAIT_SECONDS);
    if (config.METRICS_PORT !== undefined) {
      const metricsServer = await startMetricsListener(config.METRICS_PORT).catch((error) => {
        server.close();
        throw error;
      });
      server.once("close", () => metricsServer.close());
    }
  } catch (error) {
    // The database is already up (embedded, perhaps): never leave it running behind us.
    await shutdownRuntime().catch(() => undefined);
    throw error;
  }
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  log.info(`listening on ${config.BASE_URL ?? `http://localhost:${actualPort}`}`);
  log.info(`memory allocator: ${memoryAllocator()}`);
  return server;
}

/**
 * Listens, and while the port is in use keeps trying for up to `waitSeconds`: a service
 * restarted right after `kill -9` (or a crash) finds its port still held for a moment by the
 * old process or a supervisor's overlap. Says once that it waits; past the window the
 * EADDRINUSE goes up to the one-line start failure.
 */
async function listenWaitingForPort(server: Server, port: number, host: string, waitSeconds: number): Promise<void> {
  const deadline = Date.now() + waitSeconds * 1000;
  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          resolve();
        });
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || Date.now() >= deadline) throw error;
      if (attempt === 0) log.info(`port ${port} is in use: waiting up to ${waitSeconds} s for it to be freed`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * The cross-origin decision above is the only one (docs/decisions/008). Remix repeats a
 * weaker one on document actions, comparing Origin with Host (or X-Forwarded-Host), and a
 * reverse proxy that rewrites Host made every sign-in a 500. A write that passed is shown
 * to Remix with X-Forwarded-Host set to its Origin's host, so the two never disagree.
 */
function alignForwardedHost(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return;
  try {
    request.headers.set("x-forwarded-host", new URL(origin).host);
  } catch {
    request.headers.delete("x-forwarded-host");
  }
}

/**
 * Counts an answer in the metrics once it is written, labelled by `area`, else by the
 * declaration handleRest matched (its declared path, never the URL), else as static files or
 * the dashboard. An answer cut before it finished is not counted.
 */
function recordWhenFinished(req: IncomingMessage, res: ServerResponse & MatchedRoute, startedAt: number, area?: string): void {
  res.once("finish", () => requestRecorder(req.method, routeLabel(req.url, res, area)).record(res.statusCode, startedAt));
}

/** WebSockets and other upgraded connections (shell broker, app-proxy), open right now. */
const upgradedSockets = new Set<Duplex>();

/**
 * Ctrl-C / SIGTERM, in order (docs/decisions/034): drain (`/readyz` answers 503, every answer
 * closes its connection, requests in flight finish within SHUTDOWN_GRACE_SECONDS), stop taking requests, close the
 * WebSockets (agents hear 1012 and reconnect to the next start), let requests in flight
 * finish, stop background jobs, then close the database (embedded one included). Upgraded
 * sockets are not the HTTP server's to drain: left open they kept the process alive forever.
 * A second signal exits at once.
 */
export function stopOnSignals(server: Server): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log.warn(`${signal} again: forcing exit`);
      process.exit(1);
    }
    stopping = true;
    const graceSeconds = getConfig().SHUTDOWN_GRACE_SECONDS;
    log.info(`${signal}: draining (up to ${graceSeconds} s for requests in flight), then shutting down`);
    startDraining(); // /readyz answers 503 from now on
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    closeLingeringConnections();
    await closeShellBroker().catch((error) => log.error("shutdown: closing the shell broker", error));
    for (const socket of upgradedSockets) socket.destroy();
    // A request already arriving on an open connection is in flight and is answered; past the
    // grace period what is left is cut.
    const force = setTimeout(() => server.closeAllConnections(), graceSeconds * 1000);
    await closed;
    clearTimeout(force);
    await closeGuardedDispatcher();
    await stopTracing();
    await shutdownRuntime().catch((error) => log.error("shutdown", error));
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // The terminal closed: without a handler Node exits at once, cutting requests and leaving
  // the embedded PostgreSQL running (issue 28); drain and stop as on Ctrl-C instead.
  process.on("SIGHUP", () => void stop("SIGHUP"));
}
