// Starts the service from the Remix build (`npm start` builds it first when sources changed).
// The build bundles app/, server/ and rest/ together, so this process holds one copy of
// the domain for both the REST fast path and the dashboard.
//
// A start that fails prints one line on stderr, `svc: could not start: <what> <what to do>`,
// and exits 1; the stack only with LOG_LEVEL=debug.
import { existsSync } from "node:fs";
import { applyMemoryFlags } from "./memory-flags.mjs";
import { describeStartFailure } from "./start-failure.mjs";

// Before anything else is loaded: the heap settings the service runs with (ADR 084).
applyMemoryFlags();

function fail(error) {
  process.stderr.write(`svc: could not start: ${describeStartFailure(error)}\n`);
  if (process.env.LOG_LEVEL === "debug") process.stderr.write(`${error instanceof Error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
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

if (!existsSync(new URL("../build/index.js", import.meta.url))) {
  fail(new Error("build/index.js is missing: run `npm run build` (or `npm start`, which builds when needed)"));
}
try {
  const build = await import("../build/index.js");
  const { startNodeServer, stopOnSignals } = build.entry.module;
  const server = await startNodeServer(build);
  stopOnSignals(server);
  stopWithNpm();
} catch (error) {
  fail(error);
}
// Started: from here on the server's own error handling (and Node's defaults) apply.
process.off("uncaughtException", fail);
process.off("unhandledRejection", fail);
