// CPU time a process has used (user + system), read from /proc: what a request costs the
// server, which a loaded machine (other processes on the same cores) distorts far less than
// requests per second. Linux only; elsewhere every reading is null and the column says n/a.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

let ticksPerSecond;
function clockTicks() {
  if (ticksPerSecond === undefined) {
    const out = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
    ticksPerSecond = Number(out.stdout?.trim()) || 100;
  }
  return ticksPerSecond;
}

/** Milliseconds of CPU `pid` has used so far, or null when it cannot be read. */
export function cpuMs(pid) {
  if (!pid) return null;
  try {
    // Fields after the command name (which may hold spaces), utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return null;
  }
}

/**
 * Milliseconds of CPU used so far by `rootPid` and every process below it (PostgreSQL's
 * postmaster and its backends, WAL writer and checkpointer), or null when it cannot be read.
 * A backend that exited since an earlier reading takes its CPU with it: read it around a run
 * whose connections stay open (a pool's).
 */
export function treeCpuMs(rootPid) {
  if (!rootPid) return null;
  const parentOf = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ");
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // gone between the listing and the read
    }
  }
  const inTree = (pid) => {
    for (let p = pid; p > 1; p = parentOf.get(p) ?? 0) if (p === rootPid) return true;
    return false;
  };
  let total = 0;
  for (const pid of parentOf.keys()) {
    if (!inTree(pid)) continue;
    const ms = cpuMs(pid);
    if (ms === null && pid === rootPid) return null;
    total += ms ?? 0;
  }
  return total;
}
