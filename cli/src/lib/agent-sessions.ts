import { spawn as spawnProcess, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { constants } from "node:os";
import type { IPty } from "@lydell/node-pty";

/**
 * The processes behind the agent's sessions. A terminal session is the login shell (or the
 * command) in a real pseudo-terminal (`@lydell/node-pty`, prebuilt binaries, loaded only
 * here); a command session is a plain child with separate stdout and stderr pipes. Both get
 * the agent's own environment overlaid with the deployment's variables from the service.
 */
export interface OpenFrame {
  session: string;
  tty: boolean;
  cols: number;
  rows: number;
  term: string;
  command: string | null;
  env: Record<string, string>;
}

export interface SessionSink {
  data(stream: "stdout" | "stderr", chunk: Buffer): void;
  exit(code: number): void;
  /** True while the connection holds too much unsent output: the process is paused until it drains. */
  congested(): boolean;
}

/** Pauses `source` while the sink is congested, polling until it has drained. */
function throttle(sink: SessionSink, source: { pause(): void; resume(): void }): () => void {
  let paused = false;
  return () => {
    if (paused || !sink.congested()) return;
    paused = true;
    source.pause();
    const timer = setInterval(() => {
      if (sink.congested()) return;
      clearInterval(timer);
      paused = false;
      source.resume();
    }, 20);
  };
}

export interface RunningSession {
  write(chunk: Buffer): void;
  resize(cols: number, rows: number): void;
  endInput(): void;
  kill(): void;
}

/** A process ended by a signal reports 128 + its number, as shells do. */
function statusOf(code: number | null, signal: NodeJS.Signals | number | null): number {
  if (typeof code === "number" && !signal) return code;
  if (typeof signal === "number" && signal > 0) return 128 + signal;
  if (typeof signal === "string") return 128 + (constants.signals[signal] ?? 0);
  return code ?? 1;
}

function shell(): string {
  return process.env.SHELL || "/bin/sh";
}

function environment(open: OpenFrame): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  Object.assign(env, open.env);
  // The agent's own secret never reaches the shell it starts.
  delete env.SVC_AGENT_TOKEN;
  if (open.tty) env.TERM = open.term;
  return env;
}

let ptyModule: typeof import("@lydell/node-pty") | undefined;
function loadPty(): typeof import("@lydell/node-pty") {
  ptyModule ??= createRequire(import.meta.url)("@lydell/node-pty") as typeof import("@lydell/node-pty");
  return ptyModule;
}

export function startSession(open: OpenFrame, sink: SessionSink): RunningSession {
  const args = open.command === null ? ["-l"] : ["-c", open.command];
  return open.tty ? startTerminal(open, args, sink) : startPiped(open, args, sink);
}

function startTerminal(open: OpenFrame, args: string[], sink: SessionSink): RunningSession {
  const pty: IPty = loadPty().spawn(shell(), args, {
    name: open.term,
    cols: open.cols,
    rows: open.rows,
    cwd: process.cwd(),
    env: environment(open),
    encoding: null,
  });
  const check = throttle(sink, pty);
  pty.onData((chunk) => {
    sink.data("stdout", Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    check();
  });
  pty.onExit(({ exitCode, signal }) => sink.exit(statusOf(exitCode, signal ?? null)));
  return {
    write: (chunk) => pty.write(chunk as unknown as string),
    resize: (cols, rows) => pty.resize(cols, rows),
    endInput: () => undefined,
    // The shell leads its own session and process group on the terminal: hang up the whole
    // group, so what it started (a pipeline, a background job) ends with the session.
    kill: () => signalGroup(pty.pid, "SIGHUP"),
  };
}

function startPiped(open: OpenFrame, args: string[], sink: SessionSink): RunningSession {
  // Its own process group (POSIX), so ending the session ends every process the command started.
  const child: ChildProcess = spawnProcess(shell(), args, { cwd: process.cwd(), env: environment(open), stdio: ["pipe", "pipe", "pipe"], detached: GROUPS });
  const checkOut = throttle(sink, child.stdout!);
  const checkErr = throttle(sink, child.stderr!);
  child.stdout!.on("data", (chunk: Buffer) => {
    sink.data("stdout", chunk);
    checkOut();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    sink.data("stderr", chunk);
    checkErr();
  });
  child.stdin!.on("error", () => undefined);
  child.on("error", () => sink.exit(127));
  // `close` comes after both output pipes ended: every byte is sent before the exit frame.
  child.on("close", (code, signal) => sink.exit(statusOf(code, signal)));
  return {
    write: (chunk) => void child.stdin!.write(chunk),
    resize: () => undefined,
    endInput: () => void child.stdin!.end(),
    kill: () => {
      if (child.pid !== undefined && GROUPS) signalGroup(child.pid, "SIGTERM");
      else child.kill("SIGTERM");
    },
  };
}

/** Process groups exist on POSIX systems only. */
const GROUPS = process.platform !== "win32";

/**
 * Signals a session's whole process group: a command's children (`sleep 20 &`, a pipeline)
 * must not outlive the session, holding its output open and running on after it ended.
 */
function signalGroup(leader: number, signal: NodeJS.Signals): void {
  try {
    process.kill(GROUPS ? -leader : leader, signal);
  } catch {
    // already gone
  }
}
