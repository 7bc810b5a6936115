import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const SVC_BIN = resolve(import.meta.dirname, "../../cli/bin/svc.mjs");

/** A fresh HOME for one `svc` user, logged in with `apiKey` against `apiBase` (or not logged in). */
export function svcHome(config: { apiBase: string; apiKey?: string } | null): string {
  const home = mkdtempSync(join(tmpdir(), "svc-home-"));
  if (config) {
    mkdirSync(join(home, ".svc"), { mode: 0o700 });
    writeFileSync(join(home, ".svc", "config.json"), JSON.stringify(config), { mode: 0o600 });
  }
  return home;
}

export interface SvcRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real `svc` as a subprocess with its own HOME; `input` is written to stdin, then closed. */
export function runSvc(args: string[], options: { home: string; input?: string; env?: Record<string, string>; timeoutMs?: number }): Promise<SvcRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [SVC_BIN, ...args], {
      env: { PATH: process.env.PATH ?? "", HOME: options.home, ...options.env } as unknown as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`svc ${args.join(" ")} did not finish in time\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 20_000);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolvePromise({ status, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}

export interface RunningAgent {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Starts `svc agent` and waits until it says it is connected. */
export async function startAgent(options: { apiBase: string; deployment: string; token: string; env?: Record<string, string> }): Promise<RunningAgent> {
  const home = svcHome(null);
  const child = spawn(process.execPath, [SVC_BIN, "agent", "--deployment", options.deployment, "--api-base", options.apiBase], {
    env: { PATH: process.env.PATH ?? "", HOME: home, SHELL: "/bin/bash", SVC_AGENT_TOKEN: options.token, ...options.env } as unknown as NodeJS.ProcessEnv,
    cwd: home,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d));
  child.stdout!.resume();
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`svc agent did not connect: ${stderr}`)), 15_000);
    const check = () => {
      if (stderr.includes("connected to")) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stderr!.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`svc agent exited (${code}): ${stderr}`));
    });
  });
  return {
    child,
    stderr: () => stderr,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
