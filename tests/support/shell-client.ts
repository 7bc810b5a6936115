import { WebSocket } from "ws";

/**
 * A shell client speaking the broker's frames (docs/shell-protocol.md) to one chosen address,
 * for tests that must put the user's end on a given instance (`svc ssh` dials whatever broker
 * the service names, which behind a front is any instance).
 */
export interface ShellClient {
  /** Everything the session printed so far (stdout and stderr, decoded). */
  output(): string;
  type(text: string): void;
  resize(cols: number, rows: number): void;
  /** Resolves when `pattern` shows in the output (rejects on timeout or a session that ended first). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** How the session ended: its exit code, or the error frame's message. */
  ended: Promise<{ code: number | null; error: string | null }>;
  close(): void;
}

export function openShell(brokerUrl: string, apiKey: string, deployment: string, open: { tty: boolean; cols?: number; rows?: number; command?: string | null }): Promise<ShellClient> {
  const socket = new WebSocket(`${brokerUrl}/session?deployment=${encodeURIComponent(deployment)}`, { headers: { authorization: `Bearer ${apiKey}` } });
  let output = "";
  let code: number | null = null;
  let error: string | null = null;
  const watchers = new Set<() => void>();
  socket.on("message", (raw) => {
    const frame = JSON.parse(raw.toString()) as { type: string; data?: string; code?: number; message?: string };
    if (frame.type === "data") output += Buffer.from(frame.data!, "base64").toString("utf8");
    else if (frame.type === "exit") code = frame.code ?? null;
    else if (frame.type === "error") error = frame.message ?? "";
    for (const watcher of watchers) watcher();
  });
  const ended = new Promise<{ code: number | null; error: string | null }>((resolve) =>
    socket.on("close", () => {
      resolve({ code, error });
      for (const watcher of watchers) watcher();
    }),
  );
  const send = (frame: object) => socket.send(JSON.stringify(frame));
  return new Promise((resolve, reject) => {
    socket.once("unexpected-response", (_req, res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d));
      res.on("end", () => reject(new Error(`shell refused: ${res.statusCode} ${body}`)));
    });
    socket.once("error", reject);
    socket.once("open", () => {
      send({ type: "open", tty: open.tty, cols: open.cols ?? 80, rows: open.rows ?? 24, term: "xterm-256color", command: open.command ?? null });
      resolve({
        output: () => output,
        type: (text) => send({ type: "data", data: Buffer.from(text).toString("base64") }),
        resize: (cols, rows) => send({ type: "resize", cols, rows }),
        waitFor: (pattern, timeoutMs = 15_000) =>
          new Promise<void>((done, fail) => {
            const check = () => {
              if (pattern.test(output)) finish();
              else if (socket.readyState === WebSocket.CLOSED) finish(new Error(`the session ended before ${pattern}; output:\n${output}\nerror: ${error}`));
            };
            const timer = setTimeout(() => finish(new Error(`never saw ${pattern}; output:\n${output}`)), timeoutMs);
            const finish = (failure?: Error) => {
              clearTimeout(timer);
              watchers.delete(check);
              if (failure) fail(failure);
              else done();
            };
            watchers.add(check);
            check();
          }),
        ended,
        close: () => socket.close(),
      });
    });
  });
}
