import WebSocket from "ws";
import { CliError, EXIT_FAILURE, NOT_LOGGED_IN } from "./errors.js";
import { refusalMessage } from "./broker-url.js";

/**
 * One `svc ssh` session over the broker (frames in docs/decisions/021). Interactive
 * (no command, stdin a terminal): the local terminal goes raw, so Ctrl-C, Ctrl-D and every
 * other key travel to the remote shell as bytes, and window-size changes follow. With a
 * command: no terminal on either side, the remote stdout and stderr stay apart, local stdin
 * is streamed and its end is passed on. The terminal is restored on every way out.
 */
export interface SessionOptions {
  brokerUrl: string;
  apiKey: string;
  deployment: string;
  command: string | null;
}

interface ServerFrame {
  type?: unknown;
  data?: unknown;
  stream?: unknown;
  code?: unknown;
  message?: unknown;
}

export function runSshSession(options: SessionOptions): Promise<number> {
  const stdin = process.stdin;
  const stdout = process.stdout;
  const tty = options.command === null && stdin.isTTY === true;
  const target = `${options.brokerUrl}/session?deployment=${encodeURIComponent(options.deployment)}`;

  return new Promise<number>((resolve, reject) => {
    let rawMode = false;
    let settled = false;
    const restoreTerminal = () => {
      if (rawMode && stdin.isTTY) stdin.setRawMode(false);
      rawMode = false;
    };
    const onSignal = (signal: NodeJS.Signals) => finish(128 + (signal === "SIGINT" ? 2 : signal === "SIGHUP" ? 1 : 15));
    const onResize = () => send({ type: "resize", cols: stdout.columns, rows: stdout.rows });
    const onInput = (chunk: Buffer) => send({ type: "data", data: chunk.toString("base64") });
    const onInputEnd = () => send({ type: "eof" });

    function cleanUp() {
      restoreTerminal();
      process.removeListener("exit", restoreTerminal);
      for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.removeListener(signal, onSignal);
      stdout.removeListener("resize", onResize);
      stdin.removeListener("data", onInput);
      stdin.removeListener("end", onInputEnd);
      stdin.pause();
      if (!stdin.isTTY) stdin.destroy();
    }
    function finish(code: number) {
      if (settled) return;
      settled = true;
      cleanUp();
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.terminate();
      resolve(code);
    }
    function fail(error: CliError) {
      if (settled) return;
      settled = true;
      cleanUp();
      socket.terminate();
      reject(error);
    }
    function send(frame: object) {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
    }

    // Whatever happens next, a raw terminal is given back (an exception, process.exit).
    process.on("exit", restoreTerminal);
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, onSignal);

    const socket = new WebSocket(target, {
      headers: { authorization: `Bearer ${options.apiKey}`, "user-agent": "svc-cli" },
      handshakeTimeout: 30_000,
      maxPayload: 4 * 1024 * 1024,
    });
    let exitCode: number | null = null;
    let remoteError: string | null = null;

    socket.on("unexpected-response", (_request, response) => {
      refusalMessage(response).then(
        (message) => fail(new CliError(response.statusCode === 401 ? NOT_LOGGED_IN : message)),
        () => fail(new CliError(`The shell broker at ${options.brokerUrl} refused the session (HTTP ${response.statusCode})`)),
      );
    });
    socket.on("error", (error: Error & { code?: string }) => {
      if (socket.readyState === WebSocket.CLOSED && !settled && exitCode === null) {
        const why = error.code === "ECONNREFUSED" ? "connection refused" : error.code === "ENOTFOUND" ? "host not found" : (error.code ?? error.message);
        fail(new CliError(`Could not reach the shell broker at ${options.brokerUrl} (${why})`));
      }
    });
    socket.on("open", () => {
      send({ type: "open", tty, cols: stdout.columns || 80, rows: stdout.rows || 24, term: process.env.TERM || "xterm-256color", command: options.command });
      if (tty) {
        stdin.setRawMode(true);
        rawMode = true;
        stdout.on("resize", onResize);
      }
      stdin.on("data", onInput);
      stdin.on("end", onInputEnd);
      stdin.resume();
    });
    socket.on("message", (raw, isBinary) => {
      if (isBinary) return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(raw.toString()) as ServerFrame;
      } catch {
        return;
      }
      if (frame.type === "data" && typeof frame.data === "string") {
        (frame.stream === "stderr" ? process.stderr : stdout).write(Buffer.from(frame.data, "base64"));
      } else if (frame.type === "exit") {
        exitCode = Number.isInteger(frame.code) ? (frame.code as number) : EXIT_FAILURE;
      } else if (frame.type === "error") {
        remoteError = typeof frame.message === "string" ? frame.message : "The session failed";
      }
    });
    socket.on("close", () => {
      if (settled) return;
      if (exitCode !== null) return finishAfterFlush(exitCode);
      restoreTerminal();
      fail(new CliError(remoteError ?? "The connection to the shell broker was lost"));
    });
    // stdout may still hold the session's last bytes: exit only once they are written.
    function finishAfterFlush(code: number) {
      if (stdout.writableNeedDrain) stdout.once("drain", () => finish(code));
      else finish(code);
    }
  });
}
