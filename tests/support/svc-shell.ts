import { spawn, type ChildProcess } from "node:child_process";
import { freshHome, svc, svcEnv, writeConfigFile } from "./svc-cli";

export { SVC_BIN } from "./svc-cli";

/** A fresh HOME for one `svc` user, logged in with `apiKey` against `apiBase` (or not logged in). */
export function svcHome(config: { apiBase: string; apiKey?: string } | null): string {
  const home = freshHome();
  if (config) writeConfigFile(home, config);
  return home;
}

/** `svc args...` to completion, as `{ status, stdout, stderr }` (stdin gets `input`, then its end). */
export async function runSvc(args: string[], options: { home: string; input?: string; env?: Record<string, string> }) {
  const { status, stdout, stderr } = await svc(args, options);
  return { status, stdout, stderr };
}

export interface RunningAgent {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Starts `svc agent` (bash as the shell, the token in SVC_AGENT_TOKEN) and waits until it says it is connected. */
export async function startAgent(options: { apiBase: string; deployment: string; token: string; env?: Record<string, string>; args?: string[] }): Promise<RunningAgent> {
  const home = freshHome();
  const { SVC_BIN } = await import("./svc-cli");
  const child = spawn(process.execPath, [SVC_BIN, "agent", "--deployment", options.deployment, "--api-base", options.apiBase, ...(options.args ?? [])], {
    env: svcEnv(home, { SHELL: "/bin/bash", SVC_AGENT_TOKEN: options.token, ...options.env }) as unknown as NodeJS.ProcessEnv,
    cwd: home,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d));
  child.stdout!.resume();
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`svc agent did not connect: ${stderr}`)), 15_000);
    child.stderr!.on("data", () => {
      if (!stderr.includes("connected to")) return;
      clearTimeout(timer);
      ready();
    });
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
