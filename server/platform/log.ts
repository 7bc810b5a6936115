import { getConfig } from "./config";
import { chooseFormat, formatJson, formatPretty, type LogLine } from "./log-format";
import { currentRequestId } from "./request-scope";

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof levels, "silent">;

function emit(level: Level, message: string, detail?: unknown) {
  const config = getConfig();
  if (levels[level] < levels[config.LOG_LEVEL]) return;
  const stream = level === "error" || level === "warn" ? process.stderr : process.stdout;
  const requestId = currentRequestId();
  const line: LogLine = { time: new Date().toISOString(), level, message, ...(requestId ? { requestId } : {}), ...(detail === undefined ? {} : { detail: describe(detail) }) };
  const pretty = chooseFormat(config.LOG_FORMAT, stream.isTTY) === "pretty";
  stream.write(pretty ? formatPretty(line, stream.isTTY === true && !process.env.NO_COLOR) : formatJson(line));
}

function describe(detail: unknown): unknown {
  if (detail instanceof Error) return { name: detail.name, message: detail.message, stack: detail.stack };
  if (detail && typeof detail === "object" && !Array.isArray(detail)) {
    // One level down too: `{ requestId, error }` keeps the error's message and stack.
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(detail as Record<string, unknown>)) out[key] = value instanceof Error ? describe(value) : value;
    return out;
  }
  return detail;
}

/** Structured one-line logs (readable lines on a terminal). Never pass secrets, cookies or tokens here. */
export const log = {
  debug: (m: string, d?: unknown) => emit("debug", m, d),
  info: (m: string, d?: unknown) => emit("info", m, d),
  warn: (m: string, d?: unknown) => emit("warn", m, d),
  error: (m: string, d?: unknown) => emit("error", m, d),
};
