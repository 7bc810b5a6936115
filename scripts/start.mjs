// Starts the service from the Remix build (`npm run build` first; `npm start` does both).
// The build bundles app/, server/ and rest/ together, so this process holds one copy of
// the domain for both the REST fast path and the dashboard.
import { existsSync } from "node:fs";

if (!existsSync(new URL("../build/index.js", import.meta.url))) {
  console.error("build/index.js is missing: run `npm run build` (or `npm start`, which builds first).");
  process.exit(1);
}
const build = await import("../build/index.js");
const { startNodeServer, stopOnSignals } = build.entry.module;
const server = await startNodeServer(build);
stopOnSignals(server);
