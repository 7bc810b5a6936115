import { log } from "../server/platform/log";

/**
 * Once serving, whatever escapes every handler is still written by the service's logger
 * (one JSON line with LOG_FORMAT=json) instead of Node's raw stack on stderr. The outcome
 * stays Node's: an uncaught exception or an unhandled rejection leaves the process in an
 * unknown state, so it exits 1 and the supervisor restarts it (docs/decisions/007).
 */
let installed = false;

export function logProcessFailures(): void {
  if (installed) return;
  installed = true;
  process.on("uncaughtException", (error) => {
    log.error("uncaught exception: exiting", error);
    process.exit(1);
  });
  process.on("unhandledRejection", (reason) => {
    log.error("unhandled promise rejection: exiting", reason);
    process.exit(1);
  });
  // Node's own printer of process warnings writes free text; ours replaces it.
  process.removeAllListeners("warning");
  process.on("warning", (warning) => log.warn(`node warning: ${warning.name}`, { message: warning.message, code: (warning as { code?: string }).code }));
}
