import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll } from "vitest";

/**
 * Runs the real, built `svc` (cli/bin/svc.mjs) as a child process, the way a user's shell
 * would: its own HOME, a minimal environment (no display, no BROWSER unless given), stdout
 * and stderr kept apart.
 */

export const SVC_BIN = resolve(import.meta.dirname, "../../cli/bin/svc.mjs");

export interface SvcRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const homes: string[] = [];
// Every home a test file made goes when that file's tests are done.
afterAll(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

export function freshHome(): string {
  const home = mkdtempSync(join(tmpdir(), "svc-home-"));
  homes.push(home);
  return home;
}

export function svcEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, ...extra };
}

export interface RunningSvc {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves once stdout matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<SvcRun>;
}

export function startSvc(args: string[], options: { home: string; env?: Record<string, string>; cwd?: string; input?: string }): RunningSvc {
  const child = spawn(process.execPath, [SVC_BIN, ...args], {
    cwd: options.cwd ?? options.home,
    env: svcEnv(options.home, options.env) as NodeJS.ProcessEnv,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  // A command that never reads its input (`svc --help`) may exit before the end is written:
  // the pipe is then closed (EPIPE), which is the command's right, not a failure of the test.
  child.stdin!.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
  child.stdin!.end(options.input ?? "");
  const exited = new Promise<SvcRun>((resolveRun) =>
    child.once("close", (status, signal) => resolveRun({ status, signal, stdout, stderr })),
  );
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async waitFor(pattern, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = stdout.match(pattern);
        if (match) return match;
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`svc ${args.join(" ")}: no ${pattern} in stdout (exit ${child.exitCode})\nstdout: ${stdout}\nstderr: ${stderr}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

/** Runs `svc args...` to completion. */
export function svc(args: string[], options: { home: string; env?: Record<string, string>; cwd?: string; input?: string }): Promise<SvcRun> {
  return startSvc(args, options).exited;
}

export const configFile = (home: string) => join(home, ".svc", "config.json");

export function readConfigFile(home: string): Record<string, unknown> {
  return JSON.parse(readFileSync(configFile(home), "utf8"));
}

/** A config as `svc login` would have left it (0700 directory, 0600 file). */
export function writeConfigFile(home: string, config: Record<string, unknown>): void {
  mkdirSync(join(home, ".svc"), { recursive: true, mode: 0o700 });
  writeFileSync(configFile(home), JSON.stringify(config, null, 2), { mode: 0o600 });
  chmodSync(configFile(home), 0o600);
}
