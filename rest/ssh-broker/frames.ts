/**
 * The shell broker's wire format (docs/decisions/021; for client writers, docs/shell-protocol.md,
 * which must change with this file): one JSON object per WebSocket text
 * frame. Bytes travel base64-encoded in `data`, so a terminal's binary output survives.
 *
 * CLI → broker:   open {tty, cols, rows, term, command?} (first frame), data {data}, resize {cols, rows}, eof
 * broker → CLI:   data {data, stream?}, exit {code}, error {message}
 * broker → agent: ready {deployment}, open {session, tty, cols, rows, term, command?, env, user},
 *                 data {session, data}, resize {session, cols, rows}, eof {session}, close {session}, error {message}
 * agent → broker: data {session, data, stream?}, exit {session, code}, error {session, message}
 */
export const MAX_FRAME_BYTES = 1024 * 1024;
const MAX_COMMAND_LENGTH = 64 * 1024;
const TERM = /^[A-Za-z0-9._+-]{1,64}$/;

export interface OpenRequest {
  tty: boolean;
  cols: number;
  rows: number;
  term: string;
  command: string | null;
}

export type ClientFrame = { type: "open"; request: OpenRequest } | { type: "data"; data: string } | { type: "resize"; cols: number; rows: number } | { type: "eof" };

export type AgentFrame =
  | { type: "data"; session: string; data: string; stream: "stdout" | "stderr" }
  | { type: "exit"; session: string; code: number | null }
  | { type: "error"; session: string; message: string };

function parse(raw: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isSize = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 1000;
const isBase64 = (value: unknown): value is string => typeof value === "string" && /^[A-Za-z0-9+/]*={0,2}$/.test(value);

/** A CLI frame, or null when it is malformed (the broker then ends the session). */
export function parseClientFrame(raw: string): ClientFrame | null {
  const frame = parse(raw);
  if (!frame) return null;
  switch (frame.type) {
    case "open": {
      const command = frame.command;
      if (command !== undefined && command !== null && (typeof command !== "string" || command.length > MAX_COMMAND_LENGTH || command.includes("\0"))) return null;
      return {
        type: "open",
        request: {
          tty: frame.tty === true,
          cols: isSize(frame.cols) ? frame.cols : 80,
          rows: isSize(frame.rows) ? frame.rows : 24,
          term: typeof frame.term === "string" && TERM.test(frame.term) ? frame.term : "xterm-256color",
          command: typeof command === "string" ? command : null,
        },
      };
    }
    case "data":
      return isBase64(frame.data) ? { type: "data", data: frame.data } : null;
    case "resize":
      return isSize(frame.cols) && isSize(frame.rows) ? { type: "resize", cols: frame.cols, rows: frame.rows } : null;
    case "eof":
      return { type: "eof" };
    default:
      return null;
  }
}

/** An agent frame, or null (ignored: an agent's mistake never reaches a user's terminal raw). */
export function parseAgentFrame(raw: string): AgentFrame | null {
  const frame = parse(raw);
  if (!frame || typeof frame.session !== "string") return null;
  switch (frame.type) {
    case "data":
      return isBase64(frame.data) ? { type: "data", session: frame.session, data: frame.data, stream: frame.stream === "stderr" ? "stderr" : "stdout" } : null;
    case "exit":
      return { type: "exit", session: frame.session, code: Number.isInteger(frame.code) ? (frame.code as number) : null };
    case "error":
      return { type: "error", session: frame.session, message: typeof frame.message === "string" ? frame.message.slice(0, 500) : "The agent failed" };
    default:
      return null;
  }
}
