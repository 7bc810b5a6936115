// Starts the service from the Remix build (`npm start` builds it first when sources changed).
// The build bundles app/, server/ and rest/ together, so this process holds one copy of
// the domain for both the REST fast path and the dashboard.
//
// A start that fails prints one line on stderr, `svc: could not start: <what> <what to do>`,
// and exits 1; the stack only with LOG_LEVEL=debug.
import { existsSync } from "node:fs";
import { applyMemoryFlags } from "./memory-flags.mjs";
import { describeStartFailure } from "./start-failure.mjs";
import { forgetAddedVariables, SERVICE_MALLOC_CHOICES, serviceMallocChoice } from "./service-node.mjs";

// Before anything else is loaded: the heap settings the service runs with (ADR 084).
applyMemoryFlags();
// jemalloc, when scripts/service-node.mjs preloaded it, is loaded by now; children start without it.
forgetAddedVariables();

function fail(error) {
  process.stderr.write(`svc: could not start: ${describeStartFailure(error)}\n`);
  if (process.env.LOG_LEVEL === "debug") process.stderr.write(`${error instanceof Error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
}

// A misspelt SERVICE_MALLOC would otherwise start on the system's malloc without a word.
if (!SERVICE_MALLOC_CHOICES.includes(serviceMallocChoice())) {
  fail(new Error(`SERVICE_MALLOC must be ${SERVICE_MALLOC_CHOICES.join(" or ")}, not "${process.env.SERVICE_MALLOC}" (docs/decisions/100)`));
}

// While starting, anything thrown or rejected outside the awaited chain fails the start the same way.
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);

/**
 * Under `npm start` the server's parent is npm (package.json `exec`s this script after the
 * build step). npm passes SIGINT and SIGTERM on, but a signal it does not pass on (SIGHUP,
 * or a SIGKILL) ends npm alone and leaves this server running, re-parented, with its
 * embedded PostgreSQL. So once npm is gone the server stops as on Ctrl-C: drains, then
 * stops the database (issue 28).
 */
function stopWithNpm() {
  if (process.env.npm_lifecycle_event !== "start") return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.emit("SIGTERM", "SIGTERM");
  }, 500);
  watch.unref();
}

/**
 * A parent that spawned this server with an IPC channel (`npm run cluster`, the test harness)
 * learns that THIS process holds its port. An answer on the port alone proves nothing: a port
 * picked as free can be taken by another process before this one listens, and that process's
 * /readyz would pass for this one's while this one waits for the port and then exits.
 */
function announceListening(server) {
  if (!process.send) return;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : null;
  // Then the channel is let go: it would otherwise keep a drained server's process alive.
  process.send({ svc: "listening", pid: process.pid, port }, () => process.disconnect());
}

if (!existsSync(new URL("../build/index.js", import.meta.url))) {
  fail(new Error("build/index.js is missing: run `npm run build` (or `npm start`, which builds when needed)"));
}
try {
  const build = await import("../build/index.js");
  const { startNodeServer, stopOnSignals } = build.entry.module;
  const server = await startNodeServer(build);
  stopOnSignals(server);
  stopWithNpm();
  announceListening(server);
} catch (error) {
  fail(error);
}
// Started: from here on the server's own error handling (and Node's defaults) apply.
process.off("uncaughtException", fail);
process.off("unhandledRejection", fail);
