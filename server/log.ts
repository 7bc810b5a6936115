import { getConfig } from "./config";

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof levels, "silent">;

function emit(level: Level, message: string, detail?: unknown) {
  if (levels[level] < levels[getConfig().LOG_LEVEL]) return;
  const line = { time: new Date().toISOString(), level, message, ...(detail === undefined ? {} : { detail: describe(detail) }) };
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${JSON.stringify(line)}\n`);
}

function describe(detail: unknown): unknown {
  if (detail instanceof Error) return { name: detail.name, message: detail.message, stack: detail.stack };
  return detail;
}

/** Structured one-line logs. Never pass secrets, cookies or tokens here. */
export const log = {
  debug: (m: string, d?: unknown) => emit("debug", m, d),
  info: (m: string, d?: unknown) => emit("info", m, d),
  warn: (m: string, d?: unknown) => emit("warn", m, d),
  error: (m: string, d?: unknown) => emit("error", m, d),
};
