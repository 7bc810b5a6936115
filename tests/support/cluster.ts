import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type pg from "pg";
import { createTestDatabase } from "./database";
import { freePortRun } from "./ports";
import { stopChild, TEST_SERVICE_SETTINGS } from "./service";
import { testPool } from "./pg";

export interface ClusterInstance {
  /** Its own address, bypassing the front (to put a request on one instance on purpose). */
  url: string;
  pid: number;
}

export interface RunningCluster {
  /** The round-robin front: where an operator's users go. */
  url: string;
  instances: ClusterInstance[];
  /** A direct connection to the shared database, for asserting rows written or not. */
  db: pg.Pool;
  dataDir: string;
  env: Record<string, string>;
  output: () => string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, "../..");

/**
 * Runs `npm run cluster -- --instances N` as an operator would (scripts/cluster.mjs on the
 * build), on a database of its own (a copy of the migrated template), and resolves once the
 * front is up. Instance addresses and pids come from the script's own "ready" lines.
 */
export async function startCluster(options: { instances: number; label?: string; env?: Record<string, string> }): Promise<RunningCluster> {
  const database = await createTestDatabase(options.label ?? "cluster");
  const dataDir = mkdtempSync(join(tmpdir(), "svc-cluster-"));
  chmodSync(dataDir, 0o755);
  // The cluster takes PORT (its front) and the next `instances` ports.
  const port = await freePortRun(options.instances + 1);
  const env: Record<string, string> = {
    ...TEST_SERVICE_SETTINGS,
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ...options.env,
  };
  const child = spawn(process.execPath, ["scripts/cluster.mjs", "--instances", String(options.instances)], {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d));
  child.stderr!.on("data", (d: Buffer) => (output += d));
  const instances: ClusterInstance[] = [];
  const pids: number[] = [];
  const stopped = async () => {
    // The script sends its instances SIGTERM and waits for them; a hung one is killed here.
    await stopChild(child, 40_000);
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolveUp, reject) => {
      const deadline = setTimeout(() => reject(new Error(`cluster did not start within 90 s:\n${output}`)), 90_000);
      const onExit = (code: number | null) => {
        clearTimeout(deadline);
        reject(new Error(`cluster exited with ${code}:\n${output}`));
      };
      child.once("exit", onExit);
      child.stdout!.on("data", () => {
        for (const match of output.matchAll(/^cluster: instance (\d+) \(pid (\d+)\) ready on (\S+)$/gm)) {
          const index = Number(match[1]) - 1;
          if (!instances[index]) {
            instances[index] = { url: match[3]!, pid: Number(match[2]) };
            pids.push(Number(match[2]));
          }
        }
        if (/^cluster: \d+ instances? behind /m.test(output)) {
          clearTimeout(deadline);
          child.off("exit", onExit);
          resolveUp();
        }
      });
    });
  } catch (error) {
    await stopped();
    // One of the ports picked as free was taken by another test's pick before an instance
    // listened (the instance says so, and the script stops): the harness's collision. Once
    // more, on other ports.
    if (/port \d+ is already in use|EADDRINUSE/.test(output)) return startCluster(options);
    throw error;
  }
  const db = testPool(database.url, { max: 4 });
  return {
    url: `http://127.0.0.1:${port}`,
    instances,
    db,
    dataDir,
    env,
    output: () => output,
    child,
    async stop() {
      await db.end();
      await stopped();
    },
  };
}
