/**
 * How a log line is written. JSON lines for machines (not a terminal, or LOG_FORMAT=json);
 * on a terminal (or LOG_FORMAT=pretty) one readable line: time, level, message and the
 * detail as key=value, an error's stack indented below.
 */
export interface LogLine {
  time: string;
  level: "debug" | "info" | "warn" | "error";
  message: string;
  /** The request the line was written for (X-Request-Id), when it was written inside one. */
  requestId?: string;
  detail?: unknown;
}

/** `pretty` or `json`: LOG_FORMAT wins; `auto` is pretty only when the stream is a terminal. */
export function chooseFormat(setting: "auto" | "json" | "pretty", isTTY: boolean | undefined): "json" | "pretty" {
  if (setting === "auto") return isTTY === true ? "pretty" : "json";
  return setting;
}

export function formatJson(line: LogLine): string {
  return `${JSON.stringify(line)}\n`;
}

function scalar(value: unknown): string {
  if (typeof value === "string") return /^[^\s="]+$/.test(value) ? value : JSON.stringify(value);
  if (value === null || typeof value !== "object") return String(value);
  return JSON.stringify(value);
}

function stackOf(value: unknown): string | undefined {
  return value && typeof value === "object" && typeof (value as { stack?: unknown }).stack === "string" ? (value as { stack: string }).stack : undefined;
}

export function formatPretty(line: LogLine, color = false): string {
  const at = new Date(line.time);
  // Local wall-clock time: a terminal is read by a person in their own time zone.
  const time = Number.isNaN(at.getTime()) ? line.time : [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
  const level = line.level.toUpperCase().padEnd(5);
  const paint = (code: number, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const levelColor = { debug: 90, info: 36, warn: 33, error: 31 }[line.level];
  let out = `${paint(90, time)} ${paint(levelColor, level)} ${line.message}`;
  if (line.requestId) out += ` ${paint(90, `request=${line.requestId}`)}`;
  const stacks: string[] = [];
  const detail = line.detail;
  if (detail !== undefined) {
    if (detail && typeof detail === "object" && !Array.isArray(detail)) {
      for (const [key, value] of Object.entries(detail as Record<string, unknown>)) {
        const stack = stackOf(value);
        if (key === "stack" && typeof value === "string") stacks.push(value);
        else if (stack) {
          out += ` ${key}=${scalar((value as { message?: unknown }).message ?? "")}`;
          stacks.push(stack);
        } else out += ` ${key}=${scalar(value)}`;
      }
    } else out += ` ${scalar(detail)}`;
  }
  for (const stack of stacks) out += `\n${stack.split("\n").map((l) => `    ${l}`).join("\n")}`;
  return `${out}\n`;
}
