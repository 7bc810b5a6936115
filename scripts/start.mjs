// Starts the service from the Remix build (`npm start` builds it first when sources changed).
// The build bundles app/, server/ and rest/ together, so this process holds one copy of
// the domain for both the REST fast path and the dashboard.
//
// A start that fails prints one line on stderr, `svc: could not start: <what> <what to do>`,
// and exits 1; the stack only with LOG_LEVEL=debug.
import { existsSync } from "node:fs";
import { describeStartFailure } from "./start-failure.mjs";

function fail(error) {
  process.stderr.write(`svc: could not start: ${describeStartFailure(error)}\n`);
  if (process.env.LOG_LEVEL === "debug") process.stderr.write(`${error instanceof Error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
}

// While starting, anything thrown or rejected outside the awaited chain fails the start the same way.
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);

if (!existsSync(new URL("../build/index.js", import.meta.url))) {
  fail(new Error("build/index.js is missing: run `npm run build` (or `npm start`, which builds when needed)"));
}
try {
  const build = await import("../build/index.js");
  const { startNodeServer, stopOnSignals } = build.entry.module;
  const server = await startNodeServer(build);
  stopOnSignals(server);
} catch (error) {
  fail(error);
}
// Started: from here on the server's own error handling (and Node's defaults) apply.
process.off("uncaughtException", fail);
process.off("unhandledRejection", fail);
