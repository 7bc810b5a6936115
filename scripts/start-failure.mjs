// The one line `npm start` prints when the service cannot start (scripts/start.mjs):
// what is wrong, then what to do (a StartupError's `hint`). A pure function, so it is tested alone.
const UNKNOWN = "unknown error (run with LOG_LEVEL=debug for details)";

/** The first non-empty line of what was thrown, whatever it is (Error, AggregateError, string, object, undefined). */
export function describeStartFailure(error, env = process.env) {
  if (error && typeof error === "object" && error.code === "EADDRINUSE") {
    const port = error.port ?? env.PORT ?? 3000;
    return `port ${port} is already in use: stop what is using it, or set PORT to another port (e.g. PORT=${Number(port) + 1} npm start)`;
  }
  if (error && typeof error === "object" && error.syscall === "listen" && error.code === "EACCES") {
    return `no permission to listen on port ${error.port ?? env.PORT ?? 3000}: set PORT to a port above 1023`;
  }
  if (error && typeof error === "object" && error.syscall === "listen" && error.code === "EADDRNOTAVAIL") {
    return `cannot listen on ${error.address ?? env.HOST}: it is not an address of this machine; set HOST (0.0.0.0 for every address, 127.0.0.1 for this machine only)`;
  }
  let message = "";
  if (error instanceof Error || (error && typeof error === "object" && typeof error.message === "string")) {
    message = String(error.message ?? "");
    // AggregateError (a connection refused on every address) has an empty message.
    if (!message.trim() && Array.isArray(error.errors)) message = error.errors.map((e) => e?.message).filter(Boolean)[0] ?? "";
    if (!message.trim() && error.code) message = String(error.code);
  } else if (error !== undefined && error !== null) {
    try {
      message = typeof error === "object" ? JSON.stringify(error) : String(error);
    } catch {
      message = String(error);
    }
  }
  let line = message.split("\n").map((l) => l.trim()).find(Boolean) ?? "";
  if (!line || line === "{}") line = UNKNOWN;
  const hint = error && typeof error === "object" && typeof error.hint === "string" ? error.hint.trim() : "";
  return hint ? `${line} ${hint}` : line;
}
